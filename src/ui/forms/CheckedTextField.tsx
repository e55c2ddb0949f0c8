import { FormGroup, InputGroup } from '@blueprintjs/core';

export interface CheckedTextFieldProps {
  id: string;
  label: string;
  value: string;
  /** What is wrong with the value, already translated (the backend's words or the form's rule), or none. */
  error: string | undefined;
  type?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  onChange(value: string): void;
  /** Leaving the field: a form shows its problem from then on. */
  onBlur(): void;
}

/** A labelled text field of a form that is checked as it is typed: the problem under it, marked for assistive technology. */
export function CheckedTextField({ id, label, value, error, type = 'text', autoFocus = false, disabled = false, onChange, onBlur }: CheckedTextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error && <span id={errorId}>{error}</span>}>
      <InputGroup
        id={id}
        type={type}
        autoFocus={autoFocus}
        autoComplete="off"
        value={value}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onValueChange={onChange}
        onBlur={onBlur}
      />
    </FormGroup>
  );
}
