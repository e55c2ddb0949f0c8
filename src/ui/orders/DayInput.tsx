import { FormGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDateInput } from '../dates/LazyDateInput';
import { FIRST_DAY, LAST_DAY } from '../../domain/model/DayRange';
import type { Language } from '../../../shared/Language';
import { localDateOf, startOfLocalDate, type LocalDate } from '../../domain/model/LocalDate';
import { formatLocalDate, parseLocalDate } from '../format/dates';

export interface DayInputProps {
  id: string;
  /** The visible label above the field. */
  label: string;
  value: LocalDate;
  language: Language;
  /**
   * Called with a real day, picked or typed; invalid text never reaches it. A typed day outside
   * `min`…`max` reaches it too, so that the caller can refuse it and say why.
   */
  onChange(day: LocalDate): void;
  /** Earliest day the calendar offers. Default: the first supported day (`FIRST_DAY`). */
  min?: LocalDate;
  /** Latest day the calendar offers. Default: the last supported day (`LAST_DAY`). */
  max?: LocalDate;
  /** An error to show under the field (already translated). Default: none. */
  error?: string | null;
}

/**
 * A day typed in the language's format (parsed strictly) or picked from a calendar whose week
 * starts on Monday and offers only the days from `min` to `max`. Text that is no day marks the
 * field invalid and changes nothing.
 */
export const DayInput = observer(function DayInput({ id, label, value, language, onChange, min = FIRST_DAY, max = LAST_DAY, error }: DayInputProps) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState(false);
  const hint = invalid ? t('filter.invalidDate', { format: t(`filter.format.${language}`) }) : error;
  return (
    <FormGroup label={label} labelFor={id} intent={hint ? 'danger' : 'none'} helperText={hint ?? undefined} className="cockpit-day-input">
      <LazyDateInput
        value={`${value}T00:00:00`}
        onChange={(next) => {
          if (next) {
            setInvalid(false);
            onChange(next.slice(0, 10));
          }
        }}
        onError={(date) => {
          // A real day outside min…max (typed, then left): the caller refuses it and tells why.
          const day = Number.isNaN(date.getTime()) ? null : localDateOf(date);
          setInvalid(day === null);
          if (day !== null) {
            onChange(day);
          }
        }}
        parseDate={(text) => {
          const day = parseLocalDate(text, language);
          return day ? startOfLocalDate(day) : false;
        }}
        formatDate={(date) => formatLocalDate(localDateOf(date), language)}
        placeholder={t(`filter.format.${language}`)}
        language={language}
        minDate={dateOf(min, FIRST_DAY)}
        maxDate={dateOf(max, LAST_DAY)}
        invalidDateMessage={t('filter.invalidShort')}
        outOfRangeMessage={t('filter.outOfRange')}
        highlightCurrentDay
        canClearSelection={false}
        showTimezoneSelect={false}
        inputProps={{ id, 'aria-invalid': invalid || Boolean(error) }}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </FormGroup>
  );
});

/** The local midnight of `day`, or of `fallback` when `day` is no real day. */
function dateOf(day: LocalDate, fallback: LocalDate): Date | undefined {
  return startOfLocalDate(day) ?? startOfLocalDate(fallback) ?? undefined;
}
