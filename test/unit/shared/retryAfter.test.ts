import { retryAfterMs } from '../../../shared/retryAfter';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-06-15T10:00:00.000Z');

  it('reads whole seconds', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time until then, a past one as no wait', () => {
    expect(retryAfterMs('Mon, 15 Jun 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Monday, 15-Jun-26 10:00:45 GMT', now)).toBe(45_000);
    expect(retryAfterMs('Mon, 15 Jun 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('knows nothing of a missing or unreadable header', () => {
    for (const header of [null, undefined, '', '  ', '-5', '1.5', 'soon', '2026-06-15', '+30']) {
      expect(retryAfterMs(header, now)).toBeNull();
    }
  });
});
