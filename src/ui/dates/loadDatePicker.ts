import type { DatePickerInput } from './DatePickerInput';

/** The `date-picker` chunk: Blueprint's date input, its calendar, their styles and the date-fns locales. */
export interface DatePickerModule {
  DatePickerInput: typeof DatePickerInput;
}

let loaded: DatePickerModule | undefined;
let loading: Promise<DatePickerModule> | undefined;

/** The date picker if it has arrived, else undefined. */
export function loadedDatePicker(): DatePickerModule | undefined {
  return loaded;
}

/** Loads the date picker once; a load that failed (chunk unreachable) is tried again next time. */
export function loadDatePicker(): Promise<DatePickerModule> {
  loading ??= import(/* webpackChunkName: "date-picker" */ './DatePickerInput').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
