import { eventually } from '../../support/eventually';

/** A probe that answers `answers` one after the other (the last one from then on) and counts its calls. */
function answering<T>(...answers: T[]) {
  const probe = Object.assign(
    () => {
      const answer = answers[Math.min(probe.calls, answers.length - 1)] as T;
      probe.calls += 1;
      return answer;
    },
    { calls: 0 },
  );
  return probe;
}

describe('eventually', () => {
  it('returns the first truthy answer and asks no more', async () => {
    const probe = answering<string | number | null>(null, 0, '', 'found', 'later');
    await expect(eventually(probe, { intervalMs: 1 })).resolves.toBe('found');
    expect(probe.calls).toBe(4);
  });

  it('waits for an answer given by a promise', async () => {
    let calls = 0;
    const found = await eventually(async () => (++calls === 3 ? { id: 7 } : undefined), { intervalMs: 1 });
    expect(found).toEqual({ id: 7 });
  });

  it('throws once the time is out, naming what it waited for and the last answer', async () => {
    const started = Date.now();
    await expect(eventually(() => false, { timeoutMs: 150, intervalMs: 10, what: 'the export to fail' })).rejects.toThrow(
      'Timed out after 150 ms waiting for the export to fail; the last value was false',
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(1500);
  });

  it('points its stack at the caller, not at itself', async () => {
    const error: Error = await eventually(() => null, 20).catch((thrown: Error) => thrown);
    const frames = error.stack!.split('\n').filter((line) => line.trimStart().startsWith('at '));
    expect(frames[0]).toContain('eventually.test.ts');
  });

  it('takes a bare number as the timeout and names the probe by its source when told nothing else', async () => {
    const ready = { done: false };
    await expect(eventually(() => ready.done, 60)).rejects.toThrow(/Timed out after 60 ms waiting for .*ready\.done.*; the last value was false/);
  });

  it('with `until`, returns the accepted answer even when it is falsy', async () => {
    const probe = answering(3, 2, 1, 0, -1);
    await expect(eventually(probe, { until: (count) => count === 0, intervalMs: 1 })).resolves.toBe(0);
    expect(probe.calls).toBe(4);
  });

  it('with `until`, shows the last answer the probe gave when the time is out', async () => {
    const probe = answering(['documentLoad'], ['documentLoad', 'POST']);
    await expect(
      eventually(probe, { until: (names) => names.includes('GET'), timeoutMs: 80, intervalMs: 5, what: 'a GET span' }),
    ).rejects.toThrow("waiting for a GET span; the last value was [ 'documentLoad', 'POST' ]");
  });

  it('gives up at once when the probe throws', async () => {
    const started = Date.now();
    await expect(
      eventually(
        () => {
          throw new Error('page closed');
        },
        { timeoutMs: 5000 },
      ),
    ).rejects.toThrow('page closed');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
