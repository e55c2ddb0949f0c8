import { ApiError } from '../../../../src/domain/model/ApiError';
import { formFailure } from '../../../../src/domain/model/formFailure';

const refused = (errors: { field: string; message: string }[]) =>
  new ApiError(422, { type: 'urn:order-cockpit:problem:invalid-value', title: 'Ungültiger Wert', status: 422, errors });
const oursOnly = (field: string) => (field === 'current' || field === 'next' ? field : undefined);

describe('formFailure', () => {
  it('puts the backend\'s messages at the form\'s own fields and leaves out the others', () => {
    const failure = formFailure(refused([{ field: 'current', message: 'falsch' }, { field: 'elsewhere', message: 'x' }]), oursOnly);
    expect(failure).toEqual({ fieldErrors: { current: 'falsch' }, errorKey: null });
  });

  it('names the failure itself when no message is about a field of the form', () => {
    expect(formFailure(refused([{ field: 'elsewhere', message: 'x' }]), oursOnly)).toEqual({ fieldErrors: {}, errorKey: 'errors.validation' });
    expect(formFailure(new ApiError(429), oursOnly)).toEqual({ fieldErrors: {}, errorKey: 'errors.rate-limited' });
    expect(formFailure(new Error('boom'), oursOnly)).toEqual({ fieldErrors: {}, errorKey: 'errors.unexpected' });
  });

  it('shows nothing for a 401: the session ends and the login page follows', () => {
    expect(formFailure(new ApiError(401), oursOnly)).toEqual({ fieldErrors: {}, errorKey: null });
  });
});
