import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { CaretDownIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPopover } from '../shell/LazyPopover';

/** From this many values on, a text field narrows the list. */
const NARROW_FROM = 8;

export interface ValuesFilterProps {
  /** What is filtered (`Station`), the label and the button's name. */
  label: string;
  /** The values to offer (the tenant's); chosen ones not among them are offered too. */
  values: readonly string[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** The popover opens: the values are read again. */
  onOpen(): void;
  /** The values could not be read (nothing read before). */
  failed: boolean;
  testId: string;
}

/** Any number of values of one field, chosen from a list (none chosen shows all). */
export function ValuesFilter({ label, values, selected, onChange, onOpen, failed, testId }: ValuesFilterProps) {
  const { t } = useTranslation();
  const [narrow, setNarrow] = useState('');
  const offered = [...new Set([...selected, ...values])].sort((a, b) => a.localeCompare(b));
  const shown = narrow ? offered.filter((value) => value.toLowerCase().includes(narrow.trim().toLowerCase())) : offered;
  const summary = selected.length === 0 ? t('filter.all') : selected.length === 1 ? selected[0] : t('filter.chosen', { count: selected.length });
  const toggle = (value: string) => onChange(selected.includes(value) ? selected.filter((chosen) => chosen !== value) : [...selected, value]);
  return (
    <FormGroup label={label} className="cockpit-values-filter">
      <LazyPopover
        onOpening={onOpen}
        target={(onClick) => (
          <Button
            endIcon={<CaretDownIcon />}
            text={summary}
            active={selected.length > 0}
            aria-label={`${label}: ${summary}`}
            onClick={onClick}
            data-testid={testId}
          />
        )}
        content={({ Menu, MenuItem }) => (
          <div className="cockpit-values-panel">
            {offered.length >= NARROW_FROM && (
              <InputGroup small className="cockpit-values-narrow" value={narrow} placeholder={t('filter.narrow')} aria-label={t('filter.narrow')} onValueChange={setNarrow} />
            )}
            <Menu role="listbox" aria-multiselectable="true" aria-label={label} className="cockpit-values-menu">
              {shown.map((value) => (
                <MenuItem key={value} text={value} roleStructure="listoption" selected={selected.includes(value)} shouldDismissPopover={false} onClick={() => toggle(value)} />
              ))}
              {offered.length === 0 && <MenuItem roleStructure="listoption" disabled text={t(failed ? 'filter.valuesFailed' : 'filter.noValues')} />}
            </Menu>
            {selected.length > 0 && <Button variant="minimal" size="small" fill text={t('filter.clearValues')} onClick={() => onChange([])} />}
          </div>
        )}
      />
    </FormGroup>
  );
}
