import type { Language } from '../../../../shared/Language';
import { formatMoney } from '../../../../src/ui/format/formatMoney';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

/** What Intl writes in the language: the reference the euro amounts written by hand must match. */
const intl = (language: Language, amount: number, currency: string, decimals = 2) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(amount / 10 ** decimals);

/** Round and random amounts of cents, of every length up to 15 digits. */
function centAmounts(): number[] {
  const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1234567, 100000000, 123456789012, 999999999999999];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let index = 0; index < 500; index++) {
    amounts.push((next() * 1e6 + (next() % 1e6)) % 10 ** (1 + (index % 15)));
  }
  return [...amounts, ...amounts.map((amount) => -amount).filter((amount) => amount !== 0)];
}

describe('formatMoney', () => {
  it('writes money as the language writes it', () => {
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney({ amount: -123456, currency: 'EUR' }, 'de')).toBe('-1.234,56\u00a0€');
    expect(formatMoney({ amount: 5, currency: 'EUR' }, 'de')).toBe('0,05\u00a0€');
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'en')).toBe('€1,234.56');
    expect(formatMoney({ amount: -123456, currency: 'EUR' }, 'en')).toBe('-€1,234.56');
    expect(formatMoney({ amount: 5, currency: 'EUR' }, 'en')).toBe('€0.05');
  });

  it.each(['de', 'en'] as const)('writes euro amounts in %s exactly as Intl.NumberFormat does, without making one', (language) => {
    const amounts = centAmounts();
    const made = jest.spyOn(Intl, 'NumberFormat');
    const written = amounts.map((amount) => [amount, formatMoney({ amount, currency: 'EUR' }, language)] as const);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    for (const [amount, text] of written) {
      expect(text).toBe(intl(language, amount, 'EUR'));
    }
  });

  it.each(['de', 'en'] as const)('leaves other currencies, amounts that are no whole cents and -0 to Intl in %s', (language) => {
    expect(formatMoney({ amount: 1234, currency: 'JPY' }, language)).toBe(intl(language, 1234, 'JPY', 0));
    expect(formatMoney({ amount: 1234, currency: 'JPY' }, language)).toBe(formatMoney({ amount: 1234, currency: 'JPY' }, language));
    expect(formatMoney({ amount: 123456, currency: 'USD' }, language)).toBe(intl(language, 123456, 'USD'));
    expect(formatMoney({ amount: 12.5, currency: 'EUR' }, language)).toBe(intl(language, 12.5, 'EUR'));
    expect(formatMoney({ amount: -0, currency: 'EUR' }, language)).toBe(intl(language, -0, 'EUR'));
    expect(formatMoney({ amount: 1e15, currency: 'EUR' }, language)).toBe(intl(language, 1e15, 'EUR'));
  });

  it('writes the other currencies in the language', () => {
    expect(formatMoney({ amount: 1234, currency: 'JPY' }, 'de')).toMatch(/^1\.234\s¥$/);
    expect(formatMoney({ amount: 123456, currency: 'USD' }, 'en')).toBe('US$1,234.56');
  });

  it('writes the default language\'s format for a language the console does not speak', () => {
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'fr')).toBe('1.234,56\u00a0€');
    expect(formatMoney({ amount: 123456, currency: 'USD' }, 'fr')).toBe(intl('de', 123456, 'USD'));
  });
});
