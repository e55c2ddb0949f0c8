import type { FastifyInstance } from 'fastify';
import { contrastFault, shownRatio } from '../../shared/colorContrast';
import type { ColorScheme } from '../../shared/ColorScheme';
import type { Language } from '../../shared/Language';
import type { FieldError } from '../../shared/Problem';
import { isValidThemeColor, THEME_COLOR_KEYS, type ThemeColorKey } from '../../shared/ThemeColors';
import type { User } from '../../shared/User';
import { principalOf } from '../auth/authentication';
import { requireRole } from '../auth/authorization';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import type { UserChanges, UserRepository } from '../users/UserRepository';
import { userView } from '../users/userView';

/** How a colour whose text does not read is told, by where it does not. */
const CONTRAST_MESSAGES = { light: 'contrastLight', dark: 'contrastDark', both: 'contrastBoth' } as const;

interface PatchBody {
  language?: Language;
  colorScheme?: ColorScheme;
  theme?: Partial<Record<ThemeColorKey, string | null>>;
}

/** `GET /api/me` and `PATCH /api/me` (the user's language and theme; the tenant's colours, by an admin). Register behind authentication. */
export function registerMeRoutes(app: FastifyInstance, deps: { users: UserRepository; clock: () => Date }): void {
  app.get('/api/me', async (request, reply): Promise<User> => {
    const user = await deps.users.findById(principalOf(request).userId);
    if (!user) {
      throw new ProblemError('unauthorized', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    }
    reply.header('cache-control', 'no-store');
    return userView(user);
  });

  app.patch<{ Body: PatchBody }>('/api/me', async (request, reply): Promise<User> => {
    const locale = requestLocale(request);
    const { language, colorScheme, theme } = request.body;
    const errors: FieldError[] = [];
    const changes: UserChanges = { ...(colorScheme === undefined ? {} : { colorScheme }), ...(language === undefined ? {} : { language }) };
    if (theme !== undefined) {
      changes.theme = {};
      for (const key of THEME_COLOR_KEYS) {
        const value = theme[key];
        if (value === undefined) {
          continue;
        }
        if (value !== null && !isValidThemeColor(value)) {
          errors.push(fieldError(`theme.${key}`, 'colour', locale));
          continue;
        }
        // The text on the colour must read in the light theme and in the dark one (shared/colorContrast.ts).
        const fault = value === null ? null : contrastFault(value);
        if (fault) {
          errors.push(fieldError(`theme.${key}`, CONTRAST_MESSAGES[fault.appearance], locale, String(shownRatio(fault.ratio))));
        } else {
          changes.theme[key] = value;
        }
      }
    }
    if (errors.length > 0) {
      throw new ProblemError('invalid-value', { errors });
    }
    if (changes.theme !== undefined) {
      // The colours are the tenant's, an admin's to set; everyone sets their own language.
      requireRole(request, 'admin');
    }
    const user = await deps.users.update(principalOf(request).userId, changes, deps.clock());
    if (!user) {
      throw new ProblemError('unauthorized', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    }
    reply.header('cache-control', 'no-store');
    return userView(user);
  });
}
