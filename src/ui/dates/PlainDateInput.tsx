import { InputGroup } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { LazyDateInputProps } from './LazyDateInputProps';
import { dateOfValue, isDayWithin, isoOfDate } from './plainDateValue';

/** Where the plain field stands: focused, and holding text that is not (yet) its value. */
export interface PlainDateInputState {
  focused: boolean;
  editing: boolean;
}

/** The selected part of the field's text (a caret when start equals end). */
export interface TextSelection {
  start: number;
  end: number;
}

export interface PlainDateInputProps extends LazyDateInputProps {
  /** The operator opened the field (focus or click): the calendar is wanted. */
  onOpen(): void;
  onStateChange(state: PlainDateInputState): void;
  /** The operator moved the caret or selected text (the field that replaces this one takes it over). */
  onSelectionChange(selection: TextSelection): void;
}

/**
 * The date field before its calendar has loaded: the same text field as Blueprint's date input,
 * taking typed dates by the same rules (a valid day within `minDate`…`maxDate` is taken as it is
 * typed, Enter takes any valid day, text left that is no day or out of range goes to `onError`).
 */
export function PlainDateInput(props: PlainDateInputProps) {
  const { value, parseDate, formatDate, minDate, maxDate, timePrecision, onChange, onError, placeholder, inputProps, onOpen, onStateChange, onSelectionChange } = props;
  const shown = useMemo(() => {
    const date = dateOfValue(value);
    return date && formatDate ? formatDate(date) : '';
  }, [value, formatDate]);
  // The text while focused; null shows the value.
  const [text, setText] = useState<string | null>(null);
  const focused = text !== null;
  const editing = focused && text !== shown;
  useEffect(() => onStateChange({ focused, editing }), [focused, editing, onStateChange]);

  const parse = (input: string): Date | null => {
    const date = parseDate?.(input);
    return date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
  };
  return (
    <InputGroup
      {...inputProps}
      type="text"
      autoComplete="off"
      placeholder={placeholder}
      value={text ?? shown}
      onFocus={() => {
        setText(shown);
        onOpen();
      }}
      onClick={onOpen}
      onSelect={(event) => {
        const { selectionStart, selectionEnd } = event.currentTarget;
        onSelectionChange({ start: selectionStart ?? 0, end: selectionEnd ?? selectionStart ?? 0 });
      }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const date = parse(next);
        if (date && isDayWithin(date, minDate, maxDate)) {
          onChange?.(isoOfDate(date, timePrecision), true);
        } else if (next.length === 0) {
          onChange?.(null, true);
        }
      }}
      onBlur={() => {
        if (text !== null && text.length > 0 && text !== shown) {
          const date = parse(text);
          if (!date || !isDayWithin(date, minDate, maxDate)) {
            onError?.(date ?? new Date(Number.NaN));
          }
        }
        setText(null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text !== null) {
          const date = parse(text);
          if (date) {
            onChange?.(isoOfDate(date, timePrecision), true);
          }
        } else if (event.key === 'Escape') {
          event.currentTarget.blur();
        }
      }}
    />
  );
}
