import type { OrderColumn } from './OrderColumn';
import type { OrderStatus } from './OrderStatus';

/** The day ranges a view can name relative to the day it is opened. */
export const VIEW_RANGE_PRESETS = ['today', 'thisWeek', 'next7Days', 'thisMonth'] as const;

export type ViewRangePreset = (typeof VIEW_RANGE_PRESETS)[number];

/** A view's days: relative to the day it is opened (`preset`), or fixed calendar days (`YYYY-MM-DD`, inclusive). */
export type ViewRange = { preset: ViewRangePreset } | { begin: string; end: string };

/** What a saved view holds: the orders list's days, filter, sort and columns. */
export interface OrderViewDefinition {
  range: ViewRange;
  status: OrderStatus[];
  /** The search text ('' for none). */
  q: string;
  /** A sort of the list API (`begin`, `-price`, …). */
  sort: string;
  stations: string[];
  services: string[];
  /** Price bounds in cents, inclusive; null for none. */
  priceMin: number | null;
  priceMax: number | null;
  /** The columns shown, in their order. */
  columns: OrderColumn[];
}

/** A view an operator saved under a name (`/api/me/views`); kept per user on the server. */
export interface SavedView extends OrderViewDefinition {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/me/views`: a name and the definition. */
export interface NewSavedView extends OrderViewDefinition {
  name: string;
}

/** `PATCH /api/me/views/{id}`: a new name, or a new definition (the current list's), or both. */
export type SavedViewChange = Partial<NewSavedView>;
