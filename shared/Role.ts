/**
 * What a user may do in their tenant, each role all that the one before it may:
 * - `viewer`: reads orders, their history and exports; changes nothing;
 * - `operator`: everything on orders;
 * - `admin`: an operator who also sets the tenant's colours and manages its users.
 * The backend checks the user's current role at every request; the console shows what it allows.
 */
export const ROLES = ['viewer', 'operator', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `needed` may (a role may all that the roles before it may). */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
