/**
 * Tells the operator when a new version of the console is installed and waiting ("Application has
 * been updated" / "Ok, Reload!").
 */
export interface UpdateNotifier {
  start(): void;
}

export const UpdateNotifier = Symbol('UpdateNotifier');
