/**
 * Whether this browser shows the console's notifications about new orders:
 * - `on`: the operator allowed them;
 * - `blocked`: the browser refuses them for the console (the operator or a policy blocked them);
 * - `notAsked`: nobody decided yet; the browser asks when a session starts;
 * - `unsupported`: this browser (or a development build) has no web push.
 */
export type NotificationState = 'on' | 'blocked' | 'notAsked' | 'unsupported';

export const NOTIFICATION_STATES: readonly NotificationState[] = ['on', 'blocked', 'notAsked', 'unsupported'];
