import { euroAmountText, parseEuroAmount } from '../../../../src/domain/model/euroAmount';

describe('euro amounts as typed', () => {
  it.each([
    ['249', 'de', 24900],
    ['249,9', 'de', 24990],
    ['1.249,90 €', 'de', 124990],
    ['0,05', 'de', 5],
    ['249.90', 'en', 24990],
    ['1,249.90', 'en', 124990],
    ['€ 12', 'en', 1200],
  ] as const)('%s in %s is %i cents', (text, language, cents) => {
    expect(parseEuroAmount(text, language)).toBe(cents);
  });

  it.each([
    ['249.90', 'de'],
    ['1,249.90', 'de'],
    ['249,90', 'en'],
    ['12,3456', 'de'],
    ['-5', 'de'],
    ['zwölf', 'de'],
    ['', 'en'],
    ['1.24,00', 'de'],
  ] as const)('%s in %s is no amount', (text, language) => {
    expect(parseEuroAmount(text, language)).toBeNaN();
  });

  it('writes cents back as a form starts with them', () => {
    expect(euroAmountText(124990, 'de')).toBe('1249,90');
    expect(euroAmountText(5, 'en')).toBe('0.05');
    expect(parseEuroAmount(euroAmountText(124990, 'de'), 'de')).toBe(124990);
  });
});
