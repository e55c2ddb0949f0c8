/** Moves the console between its routes. */
export interface Navigator {
  /** The current path with its query, e.g. `/orders?status=new`. */
  readonly currentPath: string;
  navigate(path: string, options?: { replace?: boolean }): void;
}

export const Navigator = Symbol('Navigator');
