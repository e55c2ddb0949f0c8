import { loadOnce } from '../../../../src/ui/routing/loadOnce';

describe('loadOnce', () => {
  it('loads once: every call while it runs and after it succeeded gets the same promise', async () => {
    const load = jest.fn(async () => ({ page: 'orders' }));
    const cached = loadOnce(load);

    const first = cached();
    expect(cached()).toBe(first);
    await expect(first).resolves.toEqual({ page: 'orders' });
    expect(cached()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue('orders');
    const cached = loadOnce(load);

    await expect(cached()).rejects.toThrow('ChunkLoadError');
    await expect(cached()).resolves.toBe('orders');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
