import { useLocation } from 'react-router-dom';
import { SessionStore } from '../../../src/domain/ports/SessionStore';
import type { Order } from '../../../shared/Order';
import { createTestContainer, type TestBed } from './createTestContainer';
import { demoUser, loginResult } from './demoUser';

/** The router's search now, to read what the URL keeps. */
export function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/**
 * A signed-in test bed whose backend lists `orders` (only the double-booked ones with
 * `doubleBooked=true`) and names `doubleBooked()` as booked twice, read at each request so that a
 * test can change it.
 */
export function doubleBookingBed(orders: readonly Order[], doubleBooked: () => readonly string[]): TestBed {
  localStorage.clear();
  const bed = createTestContainer();
  bed.backend.on('GET /orders', (request) => {
    const items = request.params.doubleBooked === 'true' ? orders.filter((order) => doubleBooked().includes(order.id)) : [...orders];
    return { status: 200, body: { items, nextCursor: null, total: items.length, lastEventId: 0 } };
  });
  bed.backend.on('GET /orders/double-bookings', () => ({ status: 200, body: { orderIds: doubleBooked() } }));
  bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
  return bed;
}
