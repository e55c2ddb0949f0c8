/**
 * The rule a new password must meet, the same for console and backend: at least
 * `PASSWORD_MIN_LENGTH` characters (counted as the user sees them: code points, so an emoji is one),
 * at most `PASSWORD_MAX_LENGTH`, any characters (spaces too; no rules of composition). The backend
 * also refuses the most common passwords and the user's e-mail address.
 */
export const PASSWORD_MIN_LENGTH = 12;

/** The longest password taken, at sign-in too. */
export const PASSWORD_MAX_LENGTH = 1024;

/** The length of `password` as the rule counts it. */
export function passwordLength(password: string): number {
  return [...password].length;
}
