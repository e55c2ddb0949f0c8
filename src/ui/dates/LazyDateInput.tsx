import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LazyDateInputProps } from './LazyDateInputProps';
import { loadDatePicker, loadedDatePicker } from './loadDatePicker';
import { PlainDateInput, type PlainDateInputState, type TextSelection } from './PlainDateInput';

/**
 * A date field whose calendar loads when it is first opened. Until then it is a plain text field
 * that takes typed dates by the same rules; opening it (focus, click) loads the date picker, which
 * then takes the field's place (and opens, if the field still has the focus, keeping the caret or
 * the selected text where it was, so that the next key press lands as it would have). While the
 * operator is typing, the field waits for them to finish before it is replaced.
 */
export function LazyDateInput(props: LazyDateInputProps) {
  const [picker, setPicker] = useState(loadedDatePicker);
  const [plain, setPlain] = useState<PlainDateInputState>({ focused: false, editing: false });
  const selection = useRef<TextSelection | null>(null);
  const noteSelection = useCallback((next: TextSelection) => {
    selection.current = next;
  }, []);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const open = useCallback(() => {
    loadDatePicker().then(
      (module) => mounted.current && setPicker(module),
      (error: unknown) => console.error(error),
    );
  }, []);

  const showPicker = picker !== undefined && !plain.editing;
  const input = useRef<HTMLInputElement>(null);
  const focusPicker = showPicker && plain.focused;
  // Before the browser hands on another key press: the field it was typed into is gone.
  useLayoutEffect(() => {
    const field = input.current;
    if (focusPicker && field) {
      field.focus();
      if (selection.current) {
        field.setSelectionRange(selection.current.start, selection.current.end);
      }
    }
  }, [focusPicker]);

  if (showPicker) {
    return <picker.DatePickerInput {...props} inputRef={input} />;
  }
  return <PlainDateInput {...props} onOpen={open} onStateChange={setPlain} onSelectionChange={noteSelection} />;
}
