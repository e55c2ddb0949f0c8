import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput3 } from '@blueprintjs/datetime2';
import type { Ref } from 'react';
import { DATE_FNS_LOCALES } from '../format/dateFnsLocales';
import type { LazyDateInputProps } from './LazyDateInputProps';

/**
 * The date field with its calendar: Blueprint's `DateInput3` in the language's date-fns locale.
 * This module is the `date-picker` chunk, loaded only when a field is first opened (`loadDatePicker`).
 */
export function DatePickerInput({ language, inputProps, inputRef, ...props }: LazyDateInputProps & { inputRef?: Ref<HTMLInputElement> }) {
  return <DateInput3 {...props} locale={DATE_FNS_LOCALES[language]} inputProps={{ ...inputProps, inputRef }} />;
}
