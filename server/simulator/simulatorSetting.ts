/**
 * The `SIMULATE` setting of `server/main.ts`: `1` runs the demo simulator, `0` or nothing does not
 * (`npm start` sets `1`; the browser tests set `0`). Anything else is refused, so that a typo does
 * not silently leave the demo still.
 */
export function simulateSetting(value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') {
    return false;
  }
  if (text === '1') {
    return true;
  }
  throw new Error(`SIMULATE must be 0 or 1, not "${value}"`);
}
