import { formatCount } from '../../../../src/ui/format/formatCount';

describe('formatCount', () => {
  it.each([
    [0, 'de', '0'],
    [1, 'en', '1'],
    [999, 'de', '999'],
    [1000, 'de', '1.000'],
    [10000, 'de', '10.000'],
    [10000, 'en', '10,000'],
    [1234567, 'en', '1,234,567'],
    [-2500, 'de', '-2.500'],
  ] as const)('%i in %s is %s, as Intl writes it', (count, language, text) => {
    expect(formatCount(count, language)).toBe(text);
    expect(formatCount(count, language)).toBe(new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB').format(count));
  });
});
