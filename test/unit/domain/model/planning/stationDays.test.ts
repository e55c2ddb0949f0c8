import type { Order } from '../../../../../shared/Order';
import { dayWithin, ordersOnDay, stationDays } from '../../../../../src/domain/model/planning/stationDays';
import { makeOrders } from '../../../support/FakeOrdersApi';

// The unit tests run in Europe/Berlin (jest.config.js).
function order(id: string, number: string, begin: string, end: string): Order {
  return { ...makeOrders(1)[0]!, id, number, begin: new Date(begin).toISOString(), end: new Date(end).toISOString() };
}

describe('ordersOnDay', () => {
  it('keeps the orders that take some of the day, by begin and then by number', () => {
    const orders = [
      order('late', 'AN-2026-1', '2026-11-17T15:00', '2026-11-17T16:00'),
      order('ten', 'AN-2026-10', '2026-11-17T08:00', '2026-11-17T09:00'),
      order('nine', 'AN-2026-9', '2026-11-17T08:00', '2026-11-17T10:00'),
      order('other day', 'AN-2026-2', '2026-11-18T08:00', '2026-11-18T09:00'),
      order('day before', 'AN-2026-3', '2026-11-16T08:00', '2026-11-16T09:00'),
    ];
    expect(ordersOnDay(orders, '2026-11-17').map((found) => found.id)).toEqual(['nine', 'ten', 'late']);
  });

  it('shows an order over midnight on each day it touches, and one ending at midnight not on the next', () => {
    const orders = [
      order('overnight', 'AN-2026-1', '2026-11-17T22:00', '2026-11-18T06:00'),
      order('three days', 'AN-2026-2', '2026-11-16T12:00', '2026-11-18T12:00'),
      order('to midnight', 'AN-2026-3', '2026-11-17T20:00', '2026-11-18T00:00'),
      order('from midnight', 'AN-2026-4', '2026-11-18T00:00', '2026-11-18T01:00'),
    ];
    expect(ordersOnDay(orders, '2026-11-16').map((found) => found.id)).toEqual(['three days']);
    expect(ordersOnDay(orders, '2026-11-17').map((found) => found.id)).toEqual(['three days', 'to midnight', 'overnight']);
    expect(ordersOnDay(orders, '2026-11-18').map((found) => found.id)).toEqual(['three days', 'overnight', 'from midnight']);
    expect(ordersOnDay(orders, '2026-11-19')).toEqual([]);
  });

  it('takes the day from local midnight to local midnight on the day summer time ends (25 hours)', () => {
    const orders = [order('last hour', 'AN-2026-1', '2026-10-25T23:30', '2026-10-25T23:45'), order('next day', 'AN-2026-2', '2026-10-26T00:00', '2026-10-26T00:30')];
    expect(ordersOnDay(orders, '2026-10-25').map((found) => found.id)).toEqual(['last hour']);
  });
});

describe('stationDays', () => {
  it('keeps the stations in the order given, the empty ones too, each with its orders of the day', () => {
    const kiel = [order('k2', 'AN-2026-2', '2026-11-17T10:00', '2026-11-17T11:00'), order('k1', 'AN-2026-1', '2026-11-17T08:00', '2026-11-17T09:00')];
    const days = stationDays(
      [
        { station: 'Kiel', orders: kiel },
        { station: 'Hamburg', orders: [] },
        { station: 'Aachen', orders: [order('a', 'AN-2026-3', '2026-11-18T08:00', '2026-11-18T09:00')] },
      ],
      '2026-11-17',
    );
    expect(days.map((day) => [day.station, day.orders.map((found) => found.id)])).toEqual([
      ['Kiel', ['k1', 'k2']],
      ['Hamburg', []],
      ['Aachen', []],
    ]);
  });
});

describe('dayWithin', () => {
  const week = { begin: '2026-11-16', end: '2026-11-22' };

  it('keeps a day of the range, else the fallback when it is in the range, else the first day', () => {
    expect(dayWithin(week, '2026-11-20', '2026-11-17')).toBe('2026-11-20');
    expect(dayWithin(week, null, '2026-11-17')).toBe('2026-11-17');
    expect(dayWithin(week, '2026-11-23', '2026-11-17')).toBe('2026-11-17');
    expect(dayWithin(week, '2026-11-15', '2026-12-01')).toBe('2026-11-16');
    expect(dayWithin(week, null, '2026-11-22')).toBe('2026-11-22');
  });
});
