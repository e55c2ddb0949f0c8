import { FIRST_INSTANT, LAST_INSTANT, MAX_RANGE_DAYS } from './instant';
import { isColumnChoice, isOrderColumn, ORDER_COLUMNS } from './OrderColumn';
import { isOrderSortName, MAX_FILTER_NAME_LENGTH, MAX_FILTER_NAMES, MAX_PRICE_BOUND, MAX_SEARCH_LENGTH, ORDER_SORTS } from './orderListRules';
import { isOrderStatus, ORDER_STATUSES } from './OrderStatus';
import { type OrderViewDefinition, VIEW_RANGE_PRESETS, type ViewRange, type ViewRangePreset } from './SavedView';

/**
 * The rules of a saved view (`/api/me/views`), the same for console and backend: the console checks
 * a name as it is typed, the backend every view before it stores it (422 naming each field). A view
 * holds what the orders list takes (orderListRules.ts), so that opening one never asks the list for
 * something it refuses. The characters of the texts (one line, no control characters) are the
 * request schema's to check, as everywhere in the API.
 */

/** The longest name of a view, in characters (after trimming). */
export const MAX_VIEW_NAME_LENGTH = 80;
/** The most views one user keeps. */
export const MAX_VIEWS_PER_USER = 50;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of the UTC day of an instant (milliseconds since the epoch). */
function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The first and last day a view may name: those whose instants are supported in every time zone
 * (a day starts less than a day before or after its start in UTC), as the console's filter offers them.
 */
export const FIRST_VIEW_DAY = utcDay(Date.parse(FIRST_INSTANT) + DAY_MS);
export const LAST_VIEW_DAY = utcDay(Date.parse(LAST_INSTANT) - DAY_MS);

/** The milliseconds of `day`'s start in UTC, or undefined when it is no real `YYYY-MM-DD` calendar day. */
function dayStart(day: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return utcDay(start) === day ? start : undefined;
}

/** What a rule found wrong with one field. `limit`: of `maxLength`, `maxItems`, `amount`, `maximum`, `rangeTooLong`; `allowed`: of `enum` and `columns`. */
export interface SavedViewProblem {
  rule:
    | 'blank'
    | 'maxLength'
    | 'maxItems'
    | 'enum'
    | 'distinct'
    | 'required'
    | 'viewRange'
    | 'day'
    | 'notAfterEnd'
    | 'notBeforeBegin'
    | 'rangeTooLong'
    | 'amount'
    | 'maximum'
    | 'columns';
  limit?: number;
  allowed?: readonly string[];
}

/** The problems of a view by the field they concern, as the API names it: `name`, `range.begin`, `stations[2]`, … */
export type SavedViewProblems = Record<string, SavedViewProblem>;

/** A definition as it arrives: each field of its type, its values not yet checked. */
export interface ReceivedViewDefinition {
  range: { preset?: string; begin?: string; end?: string };
  status: readonly string[];
  q: string;
  sort: string;
  stations: readonly string[];
  services: readonly string[];
  priceMin: number | null;
  priceMax: number | null;
  columns: readonly string[];
}

const length = (text: string) => [...text].length;

/** What is wrong with a view's name as typed (it is stored trimmed), or undefined when nothing is. */
export function viewNameProblem(name: string): SavedViewProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return { rule: 'blank' };
  return length(trimmed) > MAX_VIEW_NAME_LENGTH ? { rule: 'maxLength', limit: MAX_VIEW_NAME_LENGTH } : undefined;
}

function rangeProblems(range: ReceivedViewDefinition['range'], problems: SavedViewProblems): void {
  const { preset, begin, end } = range;
  if (preset !== undefined) {
    if (begin !== undefined || end !== undefined) problems.range = { rule: 'viewRange' };
    else if (!(VIEW_RANGE_PRESETS as readonly string[]).includes(preset)) problems['range.preset'] = { rule: 'enum', allowed: VIEW_RANGE_PRESETS };
    return;
  }
  if (begin === undefined && end === undefined) {
    problems.range = { rule: 'viewRange' };
    return;
  }
  /** The start of a day the view may name, or undefined with the field's problem noted. */
  const day = (field: 'begin' | 'end', value: string | undefined): number | undefined => {
    if (value === undefined) {
      problems[`range.${field}`] = { rule: 'required' };
      return undefined;
    }
    const start = dayStart(value);
    if (start === undefined || value < FIRST_VIEW_DAY || value > LAST_VIEW_DAY) problems[`range.${field}`] = { rule: 'day' };
    return start;
  };
  const first = day('begin', begin);
  const last = day('end', end);
  if (first === undefined || last === undefined || problems['range.begin'] || problems['range.end']) return;
  if (first > last) {
    problems['range.begin'] = { rule: 'notAfterEnd' };
    problems['range.end'] = { rule: 'notBeforeBegin' };
  } else if (Math.round((last - first) / DAY_MS) + 1 > MAX_RANGE_DAYS) {
    // Days after begin: the range holds both ends.
    problems['range.end'] = { rule: 'rangeTooLong', limit: MAX_RANGE_DAYS - 1 };
  }
}

/** Stations or services: at most `MAX_FILTER_NAMES`, each 1 to `MAX_FILTER_NAME_LENGTH` characters, exact names (as the list takes them). */
function namesProblems(field: 'stations' | 'services', names: readonly string[], problems: SavedViewProblems): void {
  if (names.length > MAX_FILTER_NAMES) {
    problems[field] = { rule: 'maxItems', limit: MAX_FILTER_NAMES };
    return;
  }
  names.forEach((name, index) => {
    if (name === '') problems[`${field}[${index}]`] = { rule: 'blank' };
    else if (length(name) > MAX_FILTER_NAME_LENGTH) problems[`${field}[${index}]`] = { rule: 'maxLength', limit: MAX_FILTER_NAME_LENGTH };
  });
}

function priceProblems(priceMin: number | null, priceMax: number | null, problems: SavedViewProblems): void {
  const isBound = (value: number | null) => value === null || (Number.isInteger(value) && value >= 0 && value <= MAX_PRICE_BOUND);
  if (!isBound(priceMin)) problems.priceMin = { rule: 'amount', limit: MAX_PRICE_BOUND };
  if (!isBound(priceMax)) problems.priceMax = { rule: 'amount', limit: MAX_PRICE_BOUND };
  if (priceMin !== null && priceMax !== null && problems.priceMin === undefined && problems.priceMax === undefined && priceMin > priceMax) {
    problems.priceMin = { rule: 'maximum', limit: priceMax };
  }
}

/**
 * Every problem of a definition, keyed by field (none: `{}`): the range a preset, or two real days
 * from `FIRST_VIEW_DAY` to `LAST_VIEW_DAY`, begin not after end, at most `MAX_RANGE_DAYS` days;
 * known statuses, each once; a search of at most `MAX_SEARCH_LENGTH` characters; a sort of the list;
 * stations and services as the list takes them; price bounds in cents from 0 to `MAX_PRICE_BOUND`,
 * the lower not above the upper; columns the grid shows (`isColumnChoice`).
 */
export function viewDefinitionProblems(definition: ReceivedViewDefinition): SavedViewProblems {
  const problems: SavedViewProblems = {};
  rangeProblems(definition.range, problems);
  definition.status.forEach((status, index) => {
    if (!isOrderStatus(status)) problems[`status[${index}]`] = { rule: 'enum', allowed: ORDER_STATUSES };
  });
  if (new Set(definition.status).size !== definition.status.length) problems.status = { rule: 'distinct' };
  if (length(definition.q) > MAX_SEARCH_LENGTH) problems.q = { rule: 'maxLength', limit: MAX_SEARCH_LENGTH };
  if (!isOrderSortName(definition.sort)) problems.sort = { rule: 'enum', allowed: ORDER_SORTS };
  namesProblems('stations', definition.stations, problems);
  namesProblems('services', definition.services, problems);
  priceProblems(definition.priceMin, definition.priceMax, problems);
  if (!isColumnChoice(definition.columns)) problems.columns = { rule: 'columns', allowed: ORDER_COLUMNS };
  return problems;
}

/** Every problem of a named view: its name's and its definition's. */
export function savedViewProblems(view: ReceivedViewDefinition & { name: string }): SavedViewProblems {
  const name = viewNameProblem(view.name);
  return { ...(name ? { name } : {}), ...viewDefinitionProblems(view) };
}

/** The definition of a view without problems (`viewDefinitionProblems`), with exactly its fields. */
export function viewDefinitionOf(definition: ReceivedViewDefinition): OrderViewDefinition {
  const { preset, begin = '', end = '' } = definition.range;
  const range: ViewRange = preset !== undefined ? { preset: preset as ViewRangePreset } : { begin, end };
  return {
    range,
    status: definition.status.filter(isOrderStatus),
    q: definition.q,
    sort: definition.sort,
    stations: [...definition.stations],
    services: [...definition.services],
    priceMin: definition.priceMin,
    priceMax: definition.priceMax,
    columns: definition.columns.filter(isOrderColumn),
  };
}
