import { lazyList } from '../../../../src/ui/blueprint/lazyList';

describe('lazyList', () => {
  const zones = [
    { label: 'UTC', ianaCode: 'Etc/UTC' },
    { label: 'Berlin', ianaCode: 'Europe/Berlin' },
  ];

  it('works out its elements only when first read, and only once', () => {
    const load = jest.fn(() => zones);
    const list = lazyList(load);
    expect(load).not.toHaveBeenCalled();
    expect(list.find((zone) => zone.ianaCode === 'Europe/Berlin')?.label).toBe('Berlin');
    expect(list.map((zone) => zone.label)).toEqual(['UTC', 'Berlin']);
    expect(list.length).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads as the array it stands for: elements, iteration, spreading, keys and array checks', () => {
    const list = lazyList(() => zones);
    expect(list[1]).toBe(zones[1]);
    expect([...list]).toEqual(zones);
    expect(Object.keys(list)).toEqual(['0', '1']);
    expect(1 in list).toBe(true);
    expect(Array.isArray(list)).toBe(true);
    expect(list.filter((zone) => zone.label !== 'UTC')).toEqual([zones[1]]);
  });

  it('refuses changes', () => {
    const list = lazyList(() => [...zones]);
    expect(() => {
      list.push({ label: 'Tokyo', ianaCode: 'Asia/Tokyo' });
    }).toThrow(TypeError);
    expect(list).toHaveLength(2);
  });
});
