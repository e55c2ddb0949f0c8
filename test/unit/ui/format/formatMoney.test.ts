import { formatMoney } from '../../../../src/ui/format/formatMoney';

/** What Intl writes: the reference the euro amounts written by hand must match. */
const intl = (amount: number, currency: string, decimals = 2) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(amount / 10 ** decimals);

describe('formatMoney', () => {
  it('writes euro amounts exactly as Intl.NumberFormat does, without making one', () => {
    const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1234567, 100000000, 123456789012, 999999999999999];
    let seed = 7;
    for (let index = 0; index < 500; index++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push(seed % 10 ** (1 + (index % 12)));
    }
    const made = jest.spyOn(Intl, 'NumberFormat');
    const written = [...amounts, ...amounts.map((amount) => -amount).filter((amount) => amount !== 0)].map((amount) => [amount, formatMoney({ amount, currency: 'EUR' })] as const);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    for (const [amount, text] of written) {
      expect(text).toBe(intl(amount, 'EUR'));
    }
  });

  it('leaves other currencies and amounts that are no whole cents to Intl', () => {
    expect(formatMoney({ amount: 1234, currency: 'JPY' })).toBe(intl(1234, 'JPY', 0));
    expect(formatMoney({ amount: 123456, currency: 'USD' })).toBe(intl(123456, 'USD'));
    expect(formatMoney({ amount: 12.5, currency: 'EUR' })).toBe(intl(12.5, 'EUR'));
    expect(formatMoney({ amount: -0, currency: 'EUR' })).toBe(intl(-0, 'EUR'));
  });
});
