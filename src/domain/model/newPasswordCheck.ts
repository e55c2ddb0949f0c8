import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../../../shared/passwordRule';

/** What a form tells while a new password is typed, by the rule both sides apply (shared/passwordRule.ts). */
export interface NewPasswordCheck {
  /** The new password's length as the rule counts it. */
  length: number;
  /** Whether it has the length the rule asks for. */
  lengthMet: boolean;
  /** Whether the repetition is the new password (an empty repetition is not yet a mismatch). */
  repeatMatches: boolean;
  /** Whether both are typed, the rule met and the two the same: the form may be sent. */
  complete: boolean;
}

export function newPasswordCheck(newPassword: string, repeat: string): NewPasswordCheck {
  const length = passwordLength(newPassword);
  const lengthMet = length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
  const repeatMatches = repeat === '' || repeat === newPassword;
  return { length, lengthMet, repeatMatches, complete: lengthMet && repeat !== '' && repeatMatches };
}
