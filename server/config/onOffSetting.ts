/**
 * A switch of `server/main.ts` such as `SIMULATE` or `SERVE_SOURCE_MAPS`: `1` is on, `0` or nothing
 * is off. Anything else is refused, so that a typo neither silently leaves the demo still nor
 * silently publishes what should stay private.
 */
export function onOffSetting(name: string, value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') {
    return false;
  }
  if (text === '1') {
    return true;
  }
  throw new Error(`${name} must be 0 or 1, not "${value}"`);
}
