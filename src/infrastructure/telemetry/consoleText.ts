/** The text a console call shows, as one log body: strings as they are, errors with their stack, anything else as JSON. */
export function consoleText(args: readonly unknown[]): string {
  return args.map(argumentText).join(' ');
}

function argumentText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (value instanceof Error) {
    return value.stack ?? `${value.name}: ${value.message}`;
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    return String(value);
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Cycles and the like: what String() makes of it is still better than nothing.
    return String(value);
  }
}
