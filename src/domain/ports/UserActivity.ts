import type { Disposable } from '../../../shared/Disposable';

/** Whether someone is using the console: keys, pointer, wheel or touch. */
export interface UserActivity {
  /** True when nobody has used the console for longer than the idle limit (the backend's `sessionIdleMinutes`). */
  readonly idle: boolean;
  /** Fires when the console is used again after being idle. */
  onDidResume(listener: () => void): Disposable;
}

export const UserActivity = Symbol('UserActivity');
