import { dictionary } from '@zxcvbn-ts/language-common';
import type { Language } from '../../shared/Language';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../../shared/passwordRule';
import type { FieldError } from '../../shared/Problem';
import { fieldError } from '../http/fieldErrors';

let common: ReadonlySet<string> | undefined;

/**
 * The most common passwords (zxcvbn-ts's list of about 49 000, lower-cased) that the length rule
 * lets through: only those are worth keeping. Made at the first change of a password.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common'].filter((password) => passwordLength(password) >= PASSWORD_MIN_LENGTH).map((password) => password.toLowerCase()),
  );
  return common;
}

/**
 * What is wrong with `password` as a user's new one, named at `field`: the shared rule
 * (shared/passwordRule.ts: at least 12 characters, at most 1024), not one of the most common
 * passwords, not the user's e-mail address, not the current password. Case does not make a common
 * password or the address another one. An empty list: it may be taken.
 */
export function newPasswordErrors(
  password: string,
  user: { email: string; currentPassword: string },
  locale: Language,
  field = 'newPassword',
): FieldError[] {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return [fieldError(field, 'minLength', locale, String(PASSWORD_MIN_LENGTH))];
  if (length > PASSWORD_MAX_LENGTH) return [fieldError(field, 'maxLength', locale, String(PASSWORD_MAX_LENGTH))];
  const folded = password.trim().toLowerCase();
  if (commonPasswords().has(folded)) return [fieldError(field, 'commonPassword', locale)];
  if (folded === user.email.trim().toLowerCase()) return [fieldError(field, 'passwordIsEmail', locale)];
  if (password === user.currentPassword) return [fieldError(field, 'samePassword', locale)];
  return [];
}
