import { FormGroup } from '@blueprintjs/core';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput3 } from '@blueprintjs/datetime2';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FNS_LOCALES } from '../format/dateFnsLocales';
import type { Language } from '../../domain/model/Language';
import { localDateOf, startOfLocalDate, type LocalDate } from '../../domain/model/LocalDate';
import { formatLocalDate, parseLocalDate } from '../format/dates';

const EARLIEST = new Date(2000, 0, 1);
const LATEST = new Date(2099, 11, 31);

export interface DayInputProps {
  id: string;
  /** The visible label above the field. */
  label: string;
  value: LocalDate;
  language: Language;
  /** Called with a valid day; invalid text never reaches it. */
  onChange(day: LocalDate): void;
  /** Earliest selectable day. Default: 1 January 2000. */
  min?: LocalDate;
  /** Latest selectable day. Default: 31 December 2099. */
  max?: LocalDate;
  /** An error to show under the field (already translated). Default: none. */
  error?: string | null;
}

/**
 * A day typed in the language's format (parsed strictly) or picked from a calendar whose week
 * starts on Monday. Text that is no day marks the field invalid and changes nothing.
 */
export const DayInput = observer(function DayInput({ id, label, value, language, onChange, min, max, error }: DayInputProps) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState(false);
  const hint = invalid ? t('filter.invalidDate', { format: t(`filter.format.${language}`) }) : error;
  return (
    <FormGroup label={label} labelFor={id} intent={hint ? 'danger' : 'none'} helperText={hint ?? undefined} className="cockpit-day-input">
      <DateInput3
        value={`${value}T00:00:00`}
        onChange={(next) => {
          if (next) {
            setInvalid(false);
            onChange(next.slice(0, 10));
          }
        }}
        onError={() => setInvalid(true)}
        parseDate={(text) => {
          const day = parseLocalDate(text, language);
          return day ? startOfLocalDate(day) : false;
        }}
        formatDate={(date) => formatLocalDate(localDateOf(date), language)}
        placeholder={t(`filter.format.${language}`)}
        locale={DATE_FNS_LOCALES[language]}
        minDate={(min && startOfLocalDate(min)) || EARLIEST}
        maxDate={(max && startOfLocalDate(max)) || LATEST}
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
