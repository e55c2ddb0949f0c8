import type { OrderViewDefinition } from '../../../shared/SavedView';

/** A valid definition of a saved view (`/api/me/views`): this week's new and confirmed orders, four columns. */
export const VIEW_DEFINITION: OrderViewDefinition = {
  range: { preset: 'thisWeek' },
  status: ['new', 'confirmed'],
  q: '',
  sort: '-begin',
  stations: [],
  services: [],
  priceMin: null,
  priceMax: null,
  columns: ['number', 'status', 'begin', 'customer'],
};
