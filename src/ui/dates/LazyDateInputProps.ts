import type { DateInput3Props } from '@blueprintjs/datetime2';
import type { Language } from '../../../shared/Language';

/**
 * What a date field takes: the props of Blueprint's `DateInput3` (controlled: `value` is a local
 * `YYYY-MM-DDTHH:mm:ss`, `parseDate` and `formatDate` are the console's own), with the language in
 * place of the date-fns locale, which comes with the date picker.
 */
export type LazyDateInputProps = Omit<DateInput3Props, 'locale' | 'value' | 'inputProps'> & {
  value: string;
  language: Language;
  inputProps: { id: string; 'aria-invalid'?: boolean };
};
