import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be taken for one another when read aloud or copied by hand (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A one-time password an admin hands to a user: four groups of four characters (`k7qm-x2vd-…`),
 * about 79 bits from the operating system's random source; it meets the password rule and is to
 * be replaced by the user's own at their first sign-in.
 */
export function oneTimePassword(): string {
  return Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
}
