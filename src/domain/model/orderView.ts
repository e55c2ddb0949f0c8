import { DEFAULT_ORDER_COLUMNS, isColumnChoice, type OrderColumn } from '../../../shared/OrderColumn';
import { isOrderStatus } from '../../../shared/OrderStatus';
import { VIEW_RANGE_PRESETS, type OrderViewDefinition, type ViewRange } from '../../../shared/SavedView';
import { isSupportedDayRange, presetRange, type DayRange } from './DayRange';
import { NO_ORDER_CRITERIA, type OrderCriteria } from './orderQuery';
import { parseSortParameter, sortParameter } from './OrderSort';

/** What the orders list shows: its days, criteria and columns. */
export interface OrderListState {
  range: DayRange;
  criteria: OrderCriteria;
  columns: readonly OrderColumn[];
}

/** The view the list opens with: this week, every order, the default sort and columns. */
export const DEFAULT_VIEW: OrderViewDefinition = {
  range: { preset: 'thisWeek' },
  status: [],
  q: '',
  sort: sortParameter(NO_ORDER_CRITERIA.sort),
  stations: [],
  services: [],
  priceMin: null,
  priceMax: null,
  columns: [...DEFAULT_ORDER_COLUMNS],
};

/**
 * The days of the list as a view keeps them: a preset (today, this week, …) when they are that
 * preset's days now, so the view moves on with the calendar; else the days themselves.
 */
function viewRange(range: DayRange, now: Date): ViewRange {
  const preset = VIEW_RANGE_PRESETS.find((candidate) => {
    const days = presetRange(candidate, now);
    return days.begin === range.begin && days.end === range.end;
  });
  return preset ? { preset } : { begin: range.begin, end: range.end };
}

/** The view of what the list shows `now`. */
export function viewOfList({ range, criteria, columns }: OrderListState, now: Date): OrderViewDefinition {
  return {
    range: viewRange(range, now),
    status: [...criteria.status],
    q: criteria.q.trim(),
    sort: sortParameter(criteria.sort),
    stations: [...criteria.stations],
    services: [...criteria.services],
    priceMin: criteria.priceMin,
    priceMax: criteria.priceMax,
    columns: [...columns],
  };
}

/**
 * What the list shows for a view opened `now`. A part the console cannot show (days it no longer
 * supports, columns it does not know) is left as the default view has it.
 */
export function listOfView(view: OrderViewDefinition, now: Date): OrderListState {
  const days = 'preset' in view.range ? presetRange(view.range.preset, now) : { begin: view.range.begin, end: view.range.end };
  return {
    range: isSupportedDayRange(days) ? days : presetRange('thisWeek', now),
    criteria: {
      status: view.status.filter(isOrderStatus),
      q: view.q,
      stations: [...view.stations],
      services: [...view.services],
      priceMin: view.priceMin,
      priceMax: view.priceMax,
      sort: parseSortParameter(view.sort),
    },
    columns: isColumnChoice(view.columns) ? view.columns : [...DEFAULT_ORDER_COLUMNS],
  };
}

/** Whether two views show the same (the order of chosen statuses, stations and services aside). */
export function sameView(a: OrderViewDefinition, b: OrderViewDefinition): boolean {
  const canonical = (view: OrderViewDefinition) =>
    JSON.stringify([
      view.range,
      [...view.status].sort(),
      view.q.trim(),
      view.sort,
      [...view.stations].sort(),
      [...view.services].sort(),
      view.priceMin,
      view.priceMax,
      view.columns,
    ]);
  return canonical(a) === canonical(b);
}
