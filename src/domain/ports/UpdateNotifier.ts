/**
 * Tells the operator when a new version of the console is installed and waiting (spec:
 * "Application has been updated" / "Ok, Reload!"). Implemented in the installable-console work.
 */
export interface UpdateNotifier {
  start(): void;
}

export const UpdateNotifier = Symbol('UpdateNotifier');
