import type { ServiceIdentifier } from 'inversify';

/** For each dependency of `Deps`, by its name, the identifier it is bound to. */
export type DependencyIdentifiers<Deps> = { readonly [Name in keyof Deps]-?: ServiceIdentifier<Deps[Name]> };

/**
 * A binding's dependencies by name, each named once beside its identifier, for `toResolvedValue`:
 * `bind(X).toResolvedValue(...byName({ session: SessionStore, clock: Clock }, (deps: XDeps) => new X(deps)))`.
 * The container resolves the identifiers in the order they are written; `create` receives them as one
 * object under their names. Where `create` states its parameter's type, every dependency of it must
 * be named, and none else; identifiers that are classes are checked against the type (symbols carry none).
 */
export function byName<Deps extends object, T>(
  identifiers: DependencyIdentifiers<Deps>,
  create: (deps: Deps) => T,
): [factory: (...values: unknown[]) => T, identifiers: ServiceIdentifier[]] {
  const names = Object.keys(identifiers) as (keyof Deps & string)[];
  return [
    (...values) => create(Object.fromEntries(names.map((name, index) => [name, values[index]])) as Deps),
    names.map((name) => identifiers[name]),
  ];
}
