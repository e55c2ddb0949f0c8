import { ApiError } from '../../../src/domain/model/ApiError';
import { isSupportedSpan, MAX_RANGE_DAYS } from '../../../shared/instant';
import type { Order, OrderPage, OrderQuery } from '../../../shared/Order';
import type { BulkOrder, BulkStatusAnswer } from '../../../shared/BulkStatus';
import type { NewOrder } from '../../../shared/NewOrder';
import { canTransition, type OrderStatus } from '../../../shared/OrderStatus';
import type { OrderFacets } from '../../../shared/OrderFacets';
import type { OrderHistoryEntry, OrderHistoryPage } from '../../../shared/OrderHistory';
import type { OrderPatchBody } from '../../../shared/OrderPatch';
import type { FieldError } from '../../../shared/Problem';
import { orderComparator } from '../../../src/domain/model/orderComparator';
import { orderMatches } from '../../../src/domain/model/orderMatches';
import { parseSortParameter } from '../../../src/domain/model/OrderSort';
import type { OrdersApi } from '../../../src/domain/ports/OrdersApi';
import type { DoubleBookings } from '../../../shared/DoubleBookings';
import type { DoubleBookingsApi } from '../../../src/domain/ports/DoubleBookingsApi';
import { doubleBookedIds, doubleBookingError, otherBooking } from './doubleBookingRule';

/** Orders numbered 1..count, one hour each, five minutes apart from 2026-11-16 08:00 UTC, all `new`. */
export function makeOrders(count: number): Order[] {
  return Array.from({ length: count }, (_, i) => {
    const begin = new Date(Date.UTC(2026, 10, 16, 8) + i * 300_000);
    return {
      id: `o-${i + 1}`,
      number: `AN-2026-${String(i + 1).padStart(6, '0')}`,
      status: 'new',
      begin: begin.toISOString(),
      end: new Date(begin.getTime() + 3600_000).toISOString(),
      station: 'Kiel',
      service: 'Inspektion',
      customer: { name: `Kunde ${i + 1}`, email: 'k@example.com', phone: '+49 40 1' },
      vehicle: { licensePlate: `KI-AB ${i + 1}`, make: 'VW', model: 'Golf' },
      price: { amount: 10000 + i, currency: 'EUR' },
      notes: '',
      createdAt: begin.toISOString(),
      updatedAt: begin.toISOString(),
      version: 1,
    };
  });
}

/** What the backend says of a list query's range: both ends required, at most 366 days (400). */
function rangeErrors(query: OrderQuery): FieldError[] {
  if (query.begin === undefined) return [{ field: 'begin', message: 'is required' }];
  if (query.end === undefined) return [{ field: 'end', message: 'is required' }];
  if (!isSupportedSpan(Date.parse(query.begin), Date.parse(query.end))) {
    return [{ field: 'end', message: `must be at most ${MAX_RANGE_DAYS} days after begin` }];
  }
  return [];
}

/**
 * An in-memory OrdersApi with the backend's list rules (required range, overlap, status, search,
 * sort, double bookings refused unless confirmed, `doubleBooked`) and keyset cursors (`after:<id>`, pointing behind that order as it was when the page was
 * sent); records every query, and can hold answers back (`hold()`/`release()`) to test what happens
 * while requests run.
 */
export class FakeOrdersApi implements OrdersApi, DoubleBookingsApi {
  readonly queries: OrderQuery[] = [];
  readonly updates: { id: string; version: number; change: OrderPatchBody }[] = [];
  readonly creates: { order: NewOrder; key: string }[] = [];
  /** The history of each order, newest first, as `history` pages it (two entries a page). */
  readonly histories = new Map<string, OrderHistoryEntry[]>();
  readonly historyReads: { id: string; cursor?: string }[] = [];
  readonly doubleBookingReads: { from: string; to: string }[] = [];
  failNext: ApiError | null = null;
  /** The next `list` fails with this (other calls go through). */
  failNextList: ApiError | null = null;
  /** The tenant's last live-event id: a first page carries it as it was when the request came in. */
  lastEventId = 0;
  private held: (() => void)[] | null = null;
  private readonly cursors = new Map<string, Order>();

  constructor(public orders: Order[]) {}

  hold(): void {
    this.held = [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    held.forEach((resume) => resume());
  }

  async list(query: OrderQuery): Promise<OrderPage> {
    this.queries.push(query);
    const lastEventId = this.lastEventId;
    await this.wait();
    this.throwIfFailing();
    const listFailure = this.failNextList;
    this.failNextList = null;
    if (listFailure) {
      throw listFailure;
    }
    const errors = rangeErrors(query);
    if (errors.length > 0) {
      throw new ApiError(400, { type: 'urn:order-cockpit:problem:validation', title: 'Invalid request', status: 400, errors });
    }
    const compare = orderComparator(parseSortParameter(query.sort));
    const twice = new Set(query.doubleBooked ? doubleBookedIds(this.orders) : []);
    const matching = this.orders.filter((order) => orderMatches(order, query) && (!query.doubleBooked || twice.has(order.id))).sort(compare);
    const after = query.cursor ? this.cursors.get(query.cursor) : undefined;
    const rest = after ? matching.filter((order) => compare(order, after) > 0) : matching;
    const items = rest.slice(0, query.limit ?? 100);
    const last = items.at(-1);
    let nextCursor: string | null = null;
    if (last && rest.length > items.length) {
      nextCursor = `after:${last.id}`;
      this.cursors.set(nextCursor, last);
    }
    return { items, total: matching.length, nextCursor, ...(query.cursor ? {} : { lastEventId }) };
  }

  async get(id: string): Promise<Order> {
    await this.wait();
    this.throwIfFailing();
    const order = this.orders.find((candidate) => candidate.id === id);
    if (!order) {
      throw new ApiError(404, { type: 'about:blank', title: 'Not found', status: 404 });
    }
    return order;
  }

  async update(id: string, version: number, change: OrderPatchBody): Promise<Order> {
    this.updates.push({ id, version, change });
    await this.wait();
    this.throwIfFailing();
    const index = this.orders.findIndex((candidate) => candidate.id === id);
    const current = this.orders[index];
    if (!current) {
      throw new ApiError(404, { type: 'about:blank', title: 'Not found', status: 404 });
    }
    if (current.version !== version) {
      throw new ApiError(412, { type: 'about:blank', title: 'Changed', status: 412, current });
    }
    const { confirmDoubleBooking, ...fields } = change;
    const saved = { ...current, ...fields, version: current.version + 1 };
    const other = otherBooking(saved, this.orders);
    if (other && !confirmDoubleBooking) {
      throw doubleBookingError(other);
    }
    this.orders[index] = saved;
    return saved;
  }

  async create(order: NewOrder, key: string): Promise<Order> {
    this.creates.push({ order, key });
    await this.wait();
    this.throwIfFailing();
    const { confirmDoubleBooking, ...fields } = order;
    const number = `AN-2026-${String(this.orders.length + 1).padStart(6, '0')}`;
    const created: Order = { ...fields, id: `o-${this.orders.length + 1}`, number, status: 'new', createdAt: order.begin, updatedAt: order.begin, version: 1 };
    const other = otherBooking(created, this.orders);
    if (other && !confirmDoubleBooking) {
      throw doubleBookingError(other);
    }
    this.orders.push(created);
    return created;
  }

  readonly bulkMoves: { status: OrderStatus; orders: readonly BulkOrder[] }[] = [];

  /** The backend's rules of a bulk move: each order at its version, where its life cycle allows. */
  async bulkStatus(status: OrderStatus, orders: readonly BulkOrder[]): Promise<BulkStatusAnswer> {
    this.bulkMoves.push({ status, orders });
    await this.wait();
    this.throwIfFailing();
    const results = orders.map(({ id, version }) => {
      const index = this.orders.findIndex((candidate) => candidate.id === id);
      const current = this.orders[index];
      if (!current) return { id, outcome: 'refused' as const, reason: 'not-found' as const, message: 'gone' };
      if (current.version !== version) return { id, outcome: 'refused' as const, reason: 'changed-elsewhere' as const, message: 'changed since', order: current };
      if (current.status === status) return { id, outcome: 'unchanged' as const, order: current };
      if (!canTransition(current.status, status)) return { id, outcome: 'refused' as const, reason: 'not-allowed' as const, message: 'not allowed', order: current };
      const moved = { ...current, status, version: current.version + 1 };
      this.orders[index] = moved;
      return { id, outcome: 'changed' as const, order: moved };
    });
    return { status, results };
  }

  async history(id: string, cursor?: string): Promise<OrderHistoryPage> {
    this.historyReads.push({ id, ...(cursor === undefined ? {} : { cursor }) });
    await this.wait();
    this.throwIfFailing();
    const entries = this.histories.get(id) ?? [];
    const start = cursor === undefined ? 0 : entries.findIndex((entry) => entry.id === cursor) + 1;
    const items = entries.slice(start, start + 2);
    return { items, nextCursor: start + 2 < entries.length ? (items.at(-1)?.id ?? null) : null };
  }

  async facets(): Promise<OrderFacets> {
    await this.wait();
    this.throwIfFailing();
    const distinct = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
    return { stations: distinct(this.orders.map((order) => order.station)), services: distinct(this.orders.map((order) => order.service)) };
  }

  /** The orders of the range booked twice (`GET /orders/double-bookings`), by the backend's rule. */
  async doubleBookings(from: string, to: string): Promise<DoubleBookings> {
    this.doubleBookingReads.push({ from, to });
    await this.wait();
    this.throwIfFailing();
    const inRange = (order: Order) => Date.parse(order.begin) < Date.parse(to) && Date.parse(order.end) > Date.parse(from);
    const ids = new Set(doubleBookedIds(this.orders));
    return { orderIds: this.orders.filter((order) => ids.has(order.id) && inRange(order)).map((order) => order.id) };
  }

  /** Someone else saves a change. */
  changeBehindTheScenes(id: string, change: Partial<Order>): Order {
    const index = this.orders.findIndex((candidate) => candidate.id === id);
    const saved = { ...this.orders[index]!, ...change, version: this.orders[index]!.version + 1 };
    this.orders[index] = saved;
    return saved;
  }

  private wait(): Promise<void> {
    return this.held ? new Promise((resolve) => this.held?.push(resolve)) : Promise.resolve();
  }

  private throwIfFailing(): void {
    const failure = this.failNext;
    this.failNext = null;
    if (failure) {
      throw failure;
    }
  }
}
