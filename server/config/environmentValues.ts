import { ENVIRONMENT_VARIABLES } from './environmentSchema';

/**
 * The backend's variables of `env`, trimmed; one that is empty or only blanks counts as unset (as
 * `PORT=` in a shell script or an `.env` file means "the default"). Other variables are left out.
 */
export function environmentValues(env: NodeJS.ProcessEnv): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ENVIRONMENT_VARIABLES) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

/** `a, b,,c` as `['a', 'b', 'c']`: the comma-separated lists (TRUST_PROXY, PUSH_ALLOWED_HOSTS). */
export function commaList(text: string | undefined): string[] | undefined {
  return text
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
