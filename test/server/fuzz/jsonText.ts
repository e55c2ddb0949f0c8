/**
 * JSON text a value cannot say: a number no double holds (`1e309`), a token JSON does not have
 * (`NaN`, `0x10`), digits beyond any integer. Written into a body as it is.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): string {
    return `<json ${this.text}>`;
  }
}

/** `value` as JSON text, a `RawJson` anywhere in it written as its text. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) {
    return value.text;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${jsonText(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
