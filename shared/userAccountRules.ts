/**
 * The rules of a user's name and e-mail address, the same for console and backend: a name of 1 to
 * `USER_NAME_MAX_LENGTH` characters with something besides spaces; an address of at most
 * `EMAIL_MAX_LENGTH` characters of the form `local@domain.tld`, without spaces (RFC 5321's limit;
 * whether it receives mail is not ours to tell).
 */
export const USER_NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_ADDRESS.test(value);
}

export function isUserName(value: string): boolean {
  return value.trim().length > 0 && [...value].length <= USER_NAME_MAX_LENGTH;
}
