import { dayListTime } from '../../../../src/ui/planning/dayListTime';

// The unit tests run in Europe/Berlin (jest.config.js).
const at = (local: string) => new Date(local).toISOString();

describe('dayListTime', () => {
  it('says the hours alone for an order of the day, in both languages', () => {
    const order = { begin: at('2026-11-21T08:00'), end: at('2026-11-21T09:30') };
    expect(dayListTime(order, '2026-11-21', 'de')).toBe('08:00 – 09:30');
    expect(dayListTime(order, '2026-11-21', 'en')).toBe('08:00 – 09:30');
  });

  it('adds the date, in the language’s format, where the order begins or ends on another day', () => {
    const order = { begin: at('2026-11-20T22:00'), end: at('2026-11-21T02:00') };
    expect(dayListTime(order, '2026-11-21', 'de')).toBe('20.11.2026 22:00 – 02:00');
    expect(dayListTime(order, '2026-11-20', 'en')).toBe('22:00 – 21/11/2026 02:00');
  });
});
