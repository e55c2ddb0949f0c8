import { Button } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import { formatCount } from '../format/formatCount';

export interface FilterToggleProps {
  /** How many filters narrow the list now (`activeFilterCount`). */
  active: number;
  open: boolean;
  language: Language;
  onToggle(): void;
  /** The id of the filters' section it shows and hides. */
  controls: string;
}

/** On a phone, the button the filters sit behind, so that the cards come first; it counts the filters that apply. */
export function FilterToggle({ active, open, language, onToggle, controls }: FilterToggleProps) {
  const { t } = useTranslation();
  return (
    <Button
      className="cockpit-filter-toggle"
      icon={<FilterIcon />}
      variant={open ? 'solid' : 'outlined'}
      active={open}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={active > 0 ? t('filter.toggleActive', { count: active, formatted: formatCount(active, language) }) : t('filter.toggle')}
      onClick={onToggle}
      data-testid="filter-toggle"
    >
      {t('filter.toggle')}
      {active > 0 && (
        <span className="cockpit-filter-count" data-testid="filter-count">
          {formatCount(active, language)}
        </span>
      )}
    </Button>
  );
}
