import type { Order, OrderQuery } from '../../../../shared/Order';
import { orderMatches } from '../../../../src/domain/model/orderMatches';

/** One order of the Kiel station, an inspection at 189,00 €, on 2026-11-16 08:00–10:00 UTC. */
const ORDER: Order = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  number: 'AN-2026-000123',
  status: 'confirmed',
  begin: '2026-11-16T08:00:00.000Z',
  end: '2026-11-16T10:00:00.000Z',
  station: 'Kiel',
  service: 'Inspektion',
  customer: { name: 'Jana Petersen', email: 'jana@example.com', phone: '+49 431 000000' },
  vehicle: { licensePlate: 'KI-AB 123', make: 'VW', model: 'Golf' },
  price: { amount: 18_900, currency: 'EUR' },
  notes: '',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  version: 3,
};

const DAY: OrderQuery = { begin: '2026-11-16T00:00:00.000Z', end: '2026-11-16T23:59:59.999Z' };

const matches = (query: Partial<OrderQuery>, order: Order = ORDER) => orderMatches(order, { ...DAY, ...query });

describe('orderMatches (the backend list rules, applied to live changes)', () => {
  it('takes any order of the range when nothing else is asked, also with empty lists', () => {
    expect(matches({})).toBe(true);
    expect(matches({ status: [], station: [], service: [] })).toBe(true);
    expect(matches({ begin: '2026-11-16T10:00:00.001Z', end: '2026-11-17T00:00:00.000Z' })).toBe(false);
  });

  it('takes an order whose station is one of those asked, by the exact name', () => {
    expect(matches({ station: ['Kiel'] })).toBe(true);
    expect(matches({ station: ['Bremen', 'Kiel'] })).toBe(true);
    expect(matches({ station: ['Bremen'] })).toBe(false);
    // Exact: neither case nor a part of the name is enough, and spaces count.
    expect(matches({ station: ['kiel'] })).toBe(false);
    expect(matches({ station: ['Kie'] })).toBe(false);
    expect(matches({ station: ['Kiel '] })).toBe(false);
  });

  it('takes an order whose service is one of those asked, by the exact name', () => {
    expect(matches({ service: ['Inspektion'] })).toBe(true);
    expect(matches({ service: ['Ölwechsel', 'Inspektion'] })).toBe(true);
    expect(matches({ service: ['Ölwechsel'] })).toBe(false);
    expect(matches({ service: ['INSPEKTION'] })).toBe(false);
  });

  it('takes an order whose price amount lies within the bounds, both included, either open', () => {
    expect(matches({ priceMin: 18_900 })).toBe(true);
    expect(matches({ priceMin: 18_901 })).toBe(false);
    expect(matches({ priceMax: 18_900 })).toBe(true);
    expect(matches({ priceMax: 18_899 })).toBe(false);
    expect(matches({ priceMin: 18_900, priceMax: 18_900 })).toBe(true);
    expect(matches({ priceMin: 0, priceMax: 10_000_000_000 })).toBe(true);
    expect(matches({ priceMin: 0 }, { ...ORDER, price: { amount: 0, currency: 'EUR' } })).toBe(true);
    expect(matches({ priceMax: 0 }, { ...ORDER, price: { amount: 1, currency: 'EUR' } })).toBe(false);
  });

  it('takes an order only when every filter takes it (station, service, price, status, search and range)', () => {
    const all: Partial<OrderQuery> = { status: ['confirmed'], q: 'peters', station: ['Kiel'], service: ['Inspektion'], priceMin: 10_000, priceMax: 20_000 };
    expect(matches(all)).toBe(true);
    expect(matches({ ...all, status: ['new'] })).toBe(false);
    expect(matches({ ...all, q: 'müller' })).toBe(false);
    expect(matches({ ...all, station: ['Lübeck'] })).toBe(false);
    expect(matches({ ...all, service: ['Klimaservice'] })).toBe(false);
    expect(matches({ ...all, priceMax: 18_000 })).toBe(false);
    expect(matches({ ...all, end: '2026-11-16T07:59:59.999Z' })).toBe(false);
  });
});
