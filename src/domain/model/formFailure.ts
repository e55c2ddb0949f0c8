import { isApiError } from './ApiError';

/** What a form shows of a refused save: the backend's messages at its fields, or one message for the form. */
export interface FormFailure<F extends string> {
  fieldErrors: Partial<Record<F, string>>;
  /** Translation key of a failure that is about none of the form's fields, or null. */
  errorKey: string | null;
}

/**
 * How a failed save of a form is shown: the backend's field errors (422) at the fields the form has
 * (`fieldOf` names the form's field for the backend's, or undefined), else the failure's own message;
 * a 401 shows nothing (the session ends and the login page follows).
 */
export function formFailure<F extends string>(error: unknown, fieldOf: (field: string) => F | undefined): FormFailure<F> {
  if (!isApiError(error)) {
    return { fieldErrors: {}, errorKey: 'errors.unexpected' };
  }
  if (error.kind === 'unauthorized') {
    return { fieldErrors: {}, errorKey: null };
  }
  const fieldErrors: Partial<Record<F, string>> = {};
  for (const { field, message } of error.fieldErrors) {
    const key = fieldOf(field);
    if (key !== undefined) {
      fieldErrors[key] = message;
    }
  }
  return { fieldErrors, errorKey: Object.keys(fieldErrors).length === 0 ? error.messageKey : null };
}
