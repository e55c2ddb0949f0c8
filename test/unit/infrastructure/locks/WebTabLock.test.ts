import { WebTabLock } from '../../../../src/infrastructure/locks/WebTabLock';

describe('WebTabLock', () => {
  it('runs the work under the browser\'s lock of that name and answers its result', async () => {
    const names: string[] = [];
    const locks = {
      request: <T>(name: string, callback: () => Promise<T>) => {
        names.push(name);
        return callback();
      },
    };
    await expect(new WebTabLock({ locks }).run('renewal', async () => 42)).resolves.toBe(42);
    expect(names).toEqual(['renewal']);
  });

  it('runs the work at once where the browser has no locks', async () => {
    await expect(new WebTabLock({}).run('renewal', async () => 'done')).resolves.toBe('done');
    await expect(new WebTabLock(undefined).run('renewal', async () => 'done')).resolves.toBe('done');
  });
});
