import { FormGroup } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDateInput } from '../dates/LazyDateInput';
import type { Language } from '../../../shared/Language';
import { FIRST_DAY, LAST_DAY } from '../../domain/model/DayRange';
import { endOfLocalDate, startOfLocalDate } from '../../domain/model/LocalDate';
import { dateTimeFormat, formatDateTimeIn, parseDateTime } from '../format/dates';

/** The moments an order's times may take: the days the product supports in any time zone (DayRange.ts). */
const FIRST_MOMENT = startOfLocalDate(FIRST_DAY) ?? undefined;
const LAST_MOMENT = endOfLocalDate(LAST_DAY) ?? undefined;

export interface DateTimeInputProps {
  id: string;
  label: string;
  /** An ISO instant, or '' while none is chosen. */
  value: string;
  language: Language;
  onChange(iso: string): void;
  /** A field error from the server (already translated). Default: none. */
  error?: string;
}

/** A date with time (`DD.MM.YYYY HH:mm` / `DD/MM/YYYY HH:mm`), typed strictly or picked. */
export function DateTimeInput({ id, label, value, language, onChange, error }: DateTimeInputProps) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState(false);
  const hint = invalid ? t('filter.invalidDate', { format: dateTimeFormat(language).replace('HH:mm', t('filter.timeFormat')) }) : error;
  return (
    <FormGroup label={label} labelFor={id} intent={hint ? 'danger' : 'none'} helperText={hint}>
      <LazyDateInput
        value={value === '' ? '' : dayjs(value).format('YYYY-MM-DDTHH:mm:ss')}
        timePrecision="minute"
        onChange={(next) => {
          if (next) {
            setInvalid(false);
            onChange(dayjs(next).toISOString());
          }
        }}
        onError={() => setInvalid(true)}
        parseDate={(text) => {
          const iso = parseDateTime(text, language);
          return iso ? new Date(iso) : false;
        }}
        formatDate={(date) => formatDateTimeIn(date.toISOString(), language)}
        language={language}
        minDate={FIRST_MOMENT}
        maxDate={LAST_MOMENT}
        invalidDateMessage={t('filter.invalidShort')}
        canClearSelection={false}
        showTimezoneSelect={false}
        inputProps={{ id, 'aria-invalid': Boolean(hint) }}
      />
    </FormGroup>
  );
}
