import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/Language';
import type { FieldError } from '../../shared/Problem';
import type { NewUserAccount, UserAccount, UserAccountChange, UserAccountWithPassword } from '../../shared/UserAccount';
import { isEmailAddress, isUserName, USER_NAME_MAX_LENGTH } from '../../shared/userAccountRules';
import { principalOf } from '../auth/authentication';
import type { PasswordVerifier } from '../auth/PasswordVerifier';
import type { OpenStreams } from '../events/OpenStreams';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { isUuid } from '../http/uuid';
import { oneTimePassword } from './oneTimePassword';
import type { UserAccountRepository } from './UserAccountRepository';

export interface UserAdminRoutesDeps {
  accounts: UserAccountRepository;
  /** Hashes the one-time passwords, with the sign-ins' bound on hashes at once. */
  passwords: Pick<PasswordVerifier, 'hash'>;
  clock: () => Date;
  /** This process's streams of a user whose sessions end (the other processes hear `ended_sessions`). */
  eventStreams: Pick<OpenStreams, 'closeSessionsBefore'>;
}

interface CreateBody {
  name: string;
  email: string;
  role: NewUserAccount['role'];
  language?: Language;
}

interface IdParams {
  id: string;
}

const ADMIN_ONLY = { role: 'admin' } as const;

function userNotFound(): ProblemError {
  return new ProblemError('user-not-found');
}

/**
 * The tenant's users, for its admins (every route needs `admin`): `GET /api/users`, `POST /api/users`
 * (a new user with a one-time password, answered this once), `PATCH /api/users/{id}` (role, active)
 * and `POST /api/users/{id}/password-reset` (a new one-time password). An admin can neither remove
 * their own admin role nor deactivate themselves, and the tenant never loses its last active admin
 * (422 naming the field and the reason). Deactivating a user or resetting their password ends their
 * sessions on every process. Every change is recorded with who made it (UserAccountRepository).
 * Register behind authentication.
 */
export function registerUserAdminRoutes(app: FastifyInstance, deps: UserAdminRoutesDeps): void {
  app.get('/api/users', { config: ADMIN_ONLY }, async (request, reply): Promise<{ items: UserAccount[] }> => {
    reply.header('cache-control', 'no-store');
    return { items: await deps.accounts.list(principalOf(request).tenantId) };
  });

  app.post<{ Body: CreateBody }>('/api/users', { config: ADMIN_ONLY }, async (request, reply): Promise<UserAccountWithPassword> => {
    const principal = principalOf(request);
    const locale = requestLocale(request);
    const { role } = request.body;
    const name = request.body.name.trim();
    const email = request.body.email.trim();
    const language = request.body.language ?? locale;
    const errors: FieldError[] = [];
    if (!isUserName(name)) {
      errors.push(name === '' ? fieldError('name', 'blank', locale) : fieldError('name', 'maxLength', locale, String(USER_NAME_MAX_LENGTH)));
    }
    if (!isEmailAddress(email)) errors.push(fieldError('email', 'email', locale));
    if (errors.length > 0) throw new ProblemError('invalid-value', { errors });

    const password = oneTimePassword();
    const user = await deps.accounts.create(principal.tenantId, principal.userId, { name, email, role, language }, await deps.passwords.hash(password), deps.clock());
    if (!user) throw new ProblemError('invalid-value', { errors: [fieldError('email', 'emailUnavailable', locale)] });
    return reply.code(201).header('location', `/api/users/${user.id}`).header('cache-control', 'no-store').send({ user, oneTimePassword: password });
  });

  app.patch<{ Params: IdParams; Body: UserAccountChange }>(
    '/api/users/:id',
    { config: ADMIN_ONLY },
    async (request, reply): Promise<UserAccount> => {
      const principal = principalOf(request);
      const locale = requestLocale(request);
      const { id } = request.params;
      if (!isUuid(id)) throw userNotFound();
      const change = request.body;
      if (id === principal.userId) {
        const errors: FieldError[] = [];
        if (change.role !== undefined && change.role !== 'admin') errors.push(fieldError('role', 'selfDemotion', locale));
        if (change.active === false) errors.push(fieldError('active', 'selfDeactivation', locale));
        if (errors.length > 0) throw new ProblemError('invalid-value', { errors });
      }
      const now = deps.clock();
      const changed = await deps.accounts.change(principal.tenantId, principal.userId, id, change, now);
      if (changed === 'not-found') throw userNotFound();
      if (changed === 'last-admin') {
        throw new ProblemError('invalid-value', { errors: [fieldError(change.active === false ? 'active' : 'role', 'lastAdmin', locale)] });
      }
      if (changed.sessionGeneration !== undefined) deps.eventStreams.closeSessionsBefore(id, changed.sessionGeneration);
      reply.header('cache-control', 'no-store');
      return changed.account;
    },
  );

  app.post<{ Params: IdParams }>('/api/users/:id/password-reset', { config: ADMIN_ONLY }, async (request, reply): Promise<UserAccountWithPassword> => {
    const principal = principalOf(request);
    const { id } = request.params;
    if (!isUuid(id)) throw userNotFound();
    const password = oneTimePassword();
    const now = deps.clock();
    const reset = await deps.accounts.resetPassword(principal.tenantId, principal.userId, id, await deps.passwords.hash(password), now);
    if (!reset) throw userNotFound();
    deps.eventStreams.closeSessionsBefore(id, reset.sessionGeneration);
    reply.header('cache-control', 'no-store');
    return { user: reset.account, oneTimePassword: password };
  });
}
