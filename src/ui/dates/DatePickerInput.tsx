import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput3 } from '@blueprintjs/datetime2';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FNS_LOCALES } from '../format/dateFnsLocales';
import type { LazyDateInputProps } from './LazyDateInputProps';

/**
 * The date field with its calendar: Blueprint's `DateInput3` in the language's date-fns locale, the
 * calendar's own names for screen readers (month and year lists, the month buttons) in the
 * language too: react-day-picker's are English.
 * This module is the `date-picker` chunk, loaded only when a field is first opened (`loadDatePicker`).
 */
export function DatePickerInput({ language, inputProps, inputRef, ...props }: LazyDateInputProps & { inputRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const dayPickerProps = useMemo(
    () => ({
      labels: {
        labelPrevious: () => t('datePicker.previousMonth'),
        labelNext: () => t('datePicker.nextMonth'),
        labelMonthDropdown: () => t('datePicker.month'),
        labelYearDropdown: () => t('datePicker.year'),
        labelWeekNumber: (number: number) => t('datePicker.weekNumber', { number }),
      },
    }),
    [t],
  );
  return <DateInput3 {...props} locale={DATE_FNS_LOCALES[language]} dayPickerProps={dayPickerProps} inputProps={{ ...inputProps, inputRef }} />;
}
