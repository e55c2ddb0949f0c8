import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { euroAmountText, parseEuroAmount } from '../../domain/model/euroAmount';
import { euroSignFirst } from '../format/formatMoney';
import type { Language } from '../../../shared/Language';

export interface PriceFilterProps {
  /** Bounds in cents, inclusive; null for none. */
  min: number | null;
  max: number | null;
  language: Language;
  onChange(min: number | null, max: number | null): void;
}

type Bound = 'min' | 'max';

/** Cents as the field shows them: whole euros without decimals, else with two. */
function boundText(cents: number | null, language: Language): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : euroAmountText(cents, language);
}

/**
 * A price range in euros, typed in the language's way (`49,50` / `49.50`). A bound is applied when
 * the field is left or Enter is pressed; one that is not an amount, or a range whose "from" exceeds
 * its "to", is not applied and the field says why. An empty field is no bound.
 */
export function PriceFilter({ min, max, language, onChange }: PriceFilterProps) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState({ min: boundText(min, language), max: boundText(max, language) });
  const [error, setError] = useState<{ bound: Bound; key: string } | null>(null);
  useEffect(() => {
    setTexts({ min: boundText(min, language), max: boundText(max, language) });
    setError(null);
  }, [min, max, language]);

  const apply = () => {
    const parse = (text: string) => (text.trim() === '' ? null : parseEuroAmount(text, language));
    const next = { min: parse(texts.min), max: parse(texts.max) };
    const invalid = (['min', 'max'] as const).find((bound) => Number.isNaN(next[bound]));
    if (invalid) {
      setError({ bound: invalid, key: 'filter.notAnAmount' });
    } else if (next.min !== null && next.max !== null && next.min > next.max) {
      setError({ bound: 'min', key: 'filter.priceReversed' });
    } else if (next.min !== min || next.max !== max) {
      onChange(next.min, next.max);
    } else {
      setError(null);
    }
  };

  // The euro sign stands where the language writes it, drawn by the field's own style: as
  // Blueprint's right element it would measure itself when it mounts, a layout of the whole page in
  // the middle of the first render.
  const unit = euroSignFirst(language) ? 'cockpit-price-unit-first' : 'cockpit-price-unit-last';
  const field = (bound: Bound) => (
    <div className={`cockpit-price-bound ${unit}`}>
      <InputGroup
        id={`filter-price-${bound}`}
        value={texts[bound]}
        inputMode="decimal"
        placeholder={t(bound === 'min' ? 'filter.priceFrom' : 'filter.priceTo')}
        aria-label={`${t('filter.price')} ${t(bound === 'min' ? 'filter.priceFrom' : 'filter.priceTo')}`}
        aria-invalid={error?.bound === bound || undefined}
        aria-describedby={error?.bound === bound ? 'filter-price-error' : undefined}
        intent={error?.bound === bound ? 'danger' : 'none'}
        onValueChange={(text) => setTexts((current) => ({ ...current, [bound]: text }))}
        onBlur={apply}
        onKeyDown={(event) => event.key === 'Enter' && apply()}
      />
      <span className="cockpit-price-unit" aria-hidden="true">
        €
      </span>
    </div>
  );

  return (
    <FormGroup
      label={t('filter.price')}
      className="cockpit-price-filter"
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span id="filter-price-error">{t(error.key)}</span> : undefined}
    >
      <div className="cockpit-price-bounds">
        {field('min')}
        <span aria-hidden="true">–</span>
        {field('max')}
      </div>
    </FormGroup>
  );
}
