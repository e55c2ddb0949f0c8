import { randomBytes } from 'node:crypto';
import type { OrderRecord } from '../orders/orderView';
import type { OrderProfile } from '../seed/orderProfiles';
import { emailName } from '../seed/seedOrders';
import { wallTime, weekOf, zonedInstant } from './zonedTime';

/** An order as the simulator hands it to `OrderRepository.create` (which numbers and dates it). */
export type DemoOrder = Omit<OrderRecord, 'number' | 'status_rank' | 'created_at' | 'updated_at' | 'version'>;

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** British plates of recent years: the age identifier of March and September registrations. */
const BRITISH_AGE_IDENTIFIERS = ['23', '73', '24', '74', '25', '75', '26'];
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Random choices from `random` (numbers in [0, 1)). */
class Draw {
  constructor(private readonly random: () => number) {}

  below(count: number): number {
    return Math.min(count - 1, Math.floor(this.random() * count));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }

  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let left = this.random() * total;
    for (const item of items) {
      left -= weight(item);
      if (left < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  letters(count: number): string {
    return Array.from({ length: count }, () => this.pick([...LETTERS])).join('');
  }

  digits(count: number, leadingZero: boolean): string {
    return Array.from({ length: count }, (_, index) => String(index === 0 && !leadingZero ? 1 + this.below(9) : this.below(10))).join('');
  }
}

/** A time-ordered id as the demo data has them (UUID version 7 layout: creation milliseconds first). */
function timeOrderedId(now: Date): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now.getTime(), 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A begin in the current week (Monday to Sunday in `timeZone`) from now on, within opening hours
 * (7 to 18 o'clock): a newcomer sees the order in the console's default range.
 */
function beginThisWeek(now: Date, timeZone: string, random: () => number): Date {
  const draw = new Draw(random);
  const today = wallTime(now, timeZone);
  const day = today.day + draw.below(8 - today.weekday);
  const begin = zonedInstant(today.year, today.month, day, 7 + draw.below(11), 15 * draw.below(4), timeZone);
  if (begin.getTime() >= now.getTime()) {
    return begin;
  }
  // Earlier today: the next quarter hour, unless that is next week already.
  const next = Math.ceil(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  return new Date(next < weekOf(now, timeZone).end.getTime() ? next : Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
}

/** A new order of a tenant with `profile`, status `new`, beginning this week; made of the same material as the demo data. */
export function demoOrder(profile: OrderProfile, now: Date, random: () => number = Math.random): DemoOrder {
  const draw = new Draw(random);
  const station = draw.pick(profile.stations);
  const service = draw.weighted(profile.services, (entry) => entry.weight);
  const firstName = draw.pick(profile.firstNames);
  const lastName = draw.pick(profile.lastNames);
  const [make = '', model = '', manufacturer = ''] = draw.pick(profile.vehicles).split('|');
  const hours = service.minHours + draw.below(Math.floor((service.maxHours - service.minHours) / service.stepHours) + 1) * service.stepHours;
  const begin = beginThisWeek(now, profile.timeZone, random);
  const plate =
    profile.plateStyle === 'german'
      ? `${station.plateCode}-${draw.letters(1 + draw.below(2))} ${1 + draw.below(9999)}`
      : `${station.plateCode}${draw.letters(1)}${draw.pick(BRITISH_AGE_IDENTIFIERS)} ${draw.letters(3)}`;
  // Prices vary by -15 % … +15 % around the service's rate, in whole tens of cents, as in the demo data.
  const price = Math.floor(((service.baseCents + service.hourlyCents * hours) * (85 + draw.below(31))) / 1000) * 10;
  return {
    id: timeOrderedId(now),
    status: 'new',
    begin_at: begin.toISOString(),
    end_at: new Date(begin.getTime() + hours * HOUR_MS).toISOString(),
    station: station.name,
    service: service.name,
    customer_name: `${firstName} ${lastName}`,
    customer_email: `${emailName(firstName)}.${emailName(lastName)}@${profile.emailDomain}`,
    customer_phone: `${station.phonePrefix}${draw.digits(profile.phoneDigits, profile.plateStyle !== 'german')}`,
    vehicle_plate: plate,
    vehicle_make: make,
    vehicle_model: model,
    vehicle_vin: draw.below(10) === 0 ? null : `${manufacturer}${randomBytes(7).toString('hex').toUpperCase()}`,
    price_amount: price,
    price_currency: profile.currency,
    notes: draw.weighted(profile.notes, (note) => note.weight).text,
  };
}
