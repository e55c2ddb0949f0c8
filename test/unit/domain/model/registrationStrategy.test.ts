import { DEFAULT_REGISTRATION_STRATEGY, parseRegistrationStrategy } from '../../../../src/domain/model/registrationStrategy';
import { isServiceWorkerError, ServiceWorkerError } from '../../../../src/domain/model/ServiceWorkerError';

describe('parseRegistrationStrategy', () => {
  it('reads the product’s choice: when stable, 30 000 ms at the latest', () => {
    expect(DEFAULT_REGISTRATION_STRATEGY).toBe('registerWhenStable:30000');
    expect(parseRegistrationStrategy(DEFAULT_REGISTRATION_STRATEGY)).toEqual({ kind: 'whenStable', timeoutMs: 30_000 });
  });

  it('reads the other strategies as Angular writes them', () => {
    expect(parseRegistrationStrategy('registerWhenStable')).toEqual({ kind: 'whenStable', timeoutMs: null });
    expect(parseRegistrationStrategy('registerWhenStable:0')).toEqual({ kind: 'whenStable', timeoutMs: 0 });
    expect(parseRegistrationStrategy('registerImmediately')).toEqual({ kind: 'immediately' });
    expect(parseRegistrationStrategy('registerWithDelay:5000')).toEqual({ kind: 'withDelay', delayMs: 5000 });
    expect(parseRegistrationStrategy('registerWithDelay')).toEqual({ kind: 'withDelay', delayMs: 0 });
  });

  it.each([
    'registerSometime',
    '',
    'registerwhenstable:30000',
    'registerWhenStable:abc',
    'registerWhenStable:-1',
    'registerWhenStable:1.5',
    'registerWhenStable:30000:1',
    'registerImmediately:10',
    'registerWithDelay:soon',
  ])('refuses %p with error 5600', (text) => {
    const error = (() => {
      try {
        parseRegistrationStrategy(text);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ServiceWorkerError);
    expect(isServiceWorkerError(error, 5600)).toBe(true);
    expect((error as Error).message).toContain(text);
  });
});

describe('ServiceWorkerError', () => {
  it.each([
    [5600, 'Unknown service worker registration strategy'],
    [5601, 'Service workers are disabled or not supported by this browser'],
    [5602, 'Not subscribed to push notifications'],
    [5603, 'Unsubscribe failed'],
    [5604, 'Service worker registration failed'],
  ] as const)('is an Error carrying its code %p', (code, text) => {
    const error = new ServiceWorkerError(code);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.message).toBe(`NG0${code}: ${text}`);
    expect(isServiceWorkerError(error)).toBe(true);
    expect(isServiceWorkerError(error, code)).toBe(true);
  });

  it('keeps the detail and the cause', () => {
    const cause = new Error('SecurityError');
    const error = new ServiceWorkerError(5604, 'SecurityError', { cause });
    expect(error.message).toBe('NG05604: Service worker registration failed: SecurityError');
    expect(error.cause).toBe(cause);
    expect(isServiceWorkerError(error, 5603)).toBe(false);
    expect(isServiceWorkerError(new Error('NG05604'))).toBe(false);
  });
});
