import { randomId } from '../../../../src/infrastructure/ids/randomId';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomId', () => {
  it('takes randomUUID where the page has it', () => {
    expect(randomId({ getRandomValues: (array) => array, randomUUID: () => 'from-the-browser' })).toBe('from-the-browser');
  });

  it('makes a version 4 UUID from getRandomValues where it has not (plain HTTP)', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId({ getRandomValues: (array) => crypto.getRandomValues(array) })));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(randomId({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array })).toBe('00000000-0000-4000-8000-000000000000');
  });
});
