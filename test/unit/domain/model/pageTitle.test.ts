import { pageTitle } from '../../../../src/domain/model/pageTitle';

describe('pageTitle', () => {
  it('appends the release in production builds', () => {
    expect(pageTitle('2026.11.0', true)).toBe('Order Cockpit · 2026.11.0');
  });

  it('leaves it out in development builds', () => {
    expect(pageTitle('2026.11.0', false)).toBe('Order Cockpit');
  });
});
