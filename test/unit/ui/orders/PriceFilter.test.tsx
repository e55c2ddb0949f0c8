import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../../src/infrastructure/i18n/createI18n';
import type { Language } from '../../../../shared/Language';
import { formatMoney } from '../../../../src/ui/format/formatMoney';
import { PriceFilter } from '../../../../src/ui/orders/PriceFilter';
import { allResources } from '../../support/allTexts';

function renderFilter(language: Language, min: number | null = null, max: number | null = null) {
  const i18n = createI18n(allResources);
  void i18n.changeLanguage(language);
  const changes: [number | null, number | null][] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <PriceFilter min={min} max={max} language={language} onChange={(from, to) => changes.push([from, to])} />
    </I18nextProvider>,
  );
  return changes;
}

function typeAndLeave(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('PriceFilter', () => {
  it.each([
    ['de', 'cockpit-price-unit-last'],
    ['en', 'cockpit-price-unit-first'],
  ] as const)('writes the euro sign where %s puts it, drawn by the field\'s style, not as Blueprint\'s right element (which measures itself when it mounts)', (language, side) => {
    renderFilter(language);
    const fields = document.querySelectorAll('.cockpit-price-bound');
    expect(fields).toHaveLength(2);
    for (const field of fields) {
      expect(field.classList.contains(side)).toBe(true);
      expect(field.querySelector('.cockpit-price-unit')?.textContent).toBe('€');
      expect(field.querySelector('.bp6-input-action')).toBeNull();
    }
  });

  it('applies bounds typed in German when a field is left, in cents', () => {
    const changes = renderFilter('de');
    typeAndLeave('Preis von', '49,50');
    typeAndLeave('Preis bis', '1.200');
    expect(changes).toEqual([
      [4950, null],
      [4950, 120000],
    ]);
  });

  it('shows the bounds it is given in the language, and an emptied field is no bound', () => {
    const changes = renderFilter('en', 4950, 20000);
    expect((screen.getByLabelText('Price from') as HTMLInputElement).value).toBe('49.50');
    expect((screen.getByLabelText('Price to') as HTMLInputElement).value).toBe('200');
    typeAndLeave('Price to', '');
    expect(changes).toEqual([[4950, null]]);
  });

  it('applies nothing that is not an amount or a reversed range, and says why', () => {
    const changes = renderFilter('en');
    typeAndLeave('Price from', '12,5');
    expect(screen.getByText('Not an amount: type euros, e.g. 49.50')).toBeTruthy();
    expect(screen.getByLabelText('Price from').getAttribute('aria-invalid')).toBe('true');
    typeAndLeave('Price from', '300');
    typeAndLeave('Price to', '200');
    expect(screen.getByText('"From" must not exceed "to".')).toBeTruthy();
    expect(changes).toEqual([[30000, null]]);
  });

  it.each(['de', 'en'] as const)('takes a price as the list writes it in %s', (language) => {
    const changes = renderFilter(language);
    const [from, to] = language === 'de' ? ['Preis von', 'Preis bis'] : ['Price from', 'Price to'];
    typeAndLeave(from, formatMoney({ amount: 4950, currency: 'EUR' }, language));
    typeAndLeave(to, formatMoney({ amount: 123456, currency: 'EUR' }, language));
    expect(changes).toEqual([
      [4950, null],
      [4950, 123456],
    ]);
  });

  it('applies on Enter', () => {
    const changes = renderFilter('en');
    const input = screen.getByLabelText('Price to');
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(changes).toEqual([[null, 8000]]);
  });
});
