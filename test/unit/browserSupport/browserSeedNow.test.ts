import { browserSeedNow } from '../../browser/support/browserSeedNow';

describe('browserSeedNow', () => {
  // The unit tests run in Europe/Berlin like the browser tests (jest.config.js).
  it.each([
    ['Monday morning', '2026-11-30T08:00:00+01:00', '2026-11-30T08:00:00+01:00'],
    ['Wednesday night', '2026-12-02T23:59:00+01:00', '2026-12-02T23:59:00+01:00'],
    ['Thursday noon', '2026-12-03T12:00:00+01:00', '2026-12-03T00:00:00+01:00'],
    ['Sunday evening', '2026-12-06T21:30:00+01:00', '2026-12-03T00:00:00+01:00'],
    ['Sunday evening in summer time', '2026-06-28T22:00:00+02:00', '2026-06-25T00:00:00+02:00'],
  ])('on a %s takes no instant after Thursday 00:00 of that week', (_when, now, expected) => {
    expect(browserSeedNow(new Date(now)).getTime()).toBe(Date.parse(expected));
  });
});
