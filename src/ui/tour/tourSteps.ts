/** One stop of the console tour: what it points at and what it says. */
export interface TourStep {
  /** The `data-tour` value of the element the step points at. */
  readonly target: string;
  /** Translation key of the step's title. */
  readonly title: string;
  /** Translation key of the step's text. */
  readonly text: string;
}

/** The tour, in the order it is walked. A step whose target is not on screen is passed over. */
export const TOUR_STEPS: readonly TourStep[] = [
  { target: 'date-filter', title: 'tour.steps.dateFilter.title', text: 'tour.steps.dateFilter.text' },
  { target: 'orders-list', title: 'tour.steps.ordersList.title', text: 'tour.steps.ordersList.text' },
  // The phone's list: its cards, in place of the grid.
  { target: 'order-cards', title: 'tour.steps.orderCards.title', text: 'tour.steps.orderCards.text' },
  { target: 'live-indicator', title: 'tour.steps.liveIndicator.title', text: 'tour.steps.liveIndicator.text' },
  { target: 'language', title: 'tour.steps.language.title', text: 'tour.steps.language.text' },
  { target: 'settings', title: 'tour.steps.settings.title', text: 'tour.steps.settings.text' },
];
