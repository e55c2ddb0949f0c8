import { retryAfter } from '../../../../src/infrastructure/events/retryAfter';

describe('retryAfter', () => {
  const now = Date.parse('2026-11-21T09:00:00Z');

  it('reads seconds', () => {
    expect(retryAfter('20', now)).toBe(20000);
    expect(retryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time until then', () => {
    expect(retryAfter('Sat, 21 Nov 2026 09:00:45 GMT', now)).toBe(45000);
    expect(retryAfter('Sat, 21 Nov 2026 08:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(retryAfter(null, now)).toBeNull();
    expect(retryAfter('', now)).toBeNull();
    expect(retryAfter('soon', now)).toBeNull();
    expect(retryAfter('-5', now)).toBeNull();
  });
});
