import type { AccountFailureDelay } from './AccountFailureDelay';
import type { LoginAttempt, LoginLimits, LoginStart } from './LoginRateLimiter';
import { secondsToWait } from '../limits/rateLimiter';

/**
 * The per-address limits (`inner`) together with the delay of the account's consecutive failures
 * from any address (`AccountFailureDelay`): an attempt counts against both or neither, and waits for
 * the delay when refused by it. A success or a withdrawal takes it back from both.
 */
export class AccountFailureDelayedLogins implements LoginLimits {
  constructor(
    private readonly inner: LoginLimits,
    private readonly delay: Pick<AccountFailureDelay, 'take' | 'succeeded' | 'withdraw'>,
  ) {}

  async start(address: string, email: string): Promise<LoginStart> {
    const started = await this.inner.start(address, email);
    if ('retryAfterSeconds' in started) {
      return started;
    }
    const taken = await this.delay.take(email);
    if ('waitMs' in taken) {
      await this.inner.withdraw(started.attempt);
      return { retryAfterSeconds: secondsToWait(taken.waitMs) };
    }
    return { attempt: { ...started.attempt, accountFailure: { email, holds: taken.holds } } };
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.inner.succeeded(attempt);
    if (attempt.accountFailure) await this.delay.succeeded(attempt.accountFailure.email);
  }

  async withdraw(attempt: LoginAttempt): Promise<void> {
    await this.inner.withdraw(attempt);
    if (attempt.accountFailure) await this.delay.withdraw(attempt.accountFailure.email, attempt.accountFailure.holds);
  }
}
