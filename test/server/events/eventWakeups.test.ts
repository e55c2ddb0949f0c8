import { EventWakeups, parseEventNotice } from '../../../server/events/EventWakeups';

/** A sender whose sends the test ends one at a time. */
function controlledSender() {
  const sends: { payloads: readonly string[]; settle(error?: Error): void }[] = [];
  const send = (payloads: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      sends.push({ payloads, settle: (error) => (error ? reject(error) : resolve()) });
    });
  return { sends, send };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('waking the other processes after a commit (EventWakeups)', () => {
  it('sends what was announced together once, naming each tenant with its last id', async () => {
    const { sends, send } = controlledSender();
    const wakeups = new EventWakeups(send, () => undefined);
    wakeups.announce('a', 1);
    wakeups.announce('a', 3);
    wakeups.announce('b', 7);
    wakeups.announce('a', 2);
    await turn();
    expect(sends.map((sent) => sent.payloads)).toEqual([['a:3', 'b:7']]);
  });

  it('has one send under way at a time and sends what came meanwhile together after it', async () => {
    const { sends, send } = controlledSender();
    const wakeups = new EventWakeups(send, () => undefined);
    wakeups.announce('a', 1);
    await turn();
    wakeups.announce('a', 2);
    wakeups.announce('b', 1);
    await turn();
    wakeups.announce('a', 4);
    await turn();
    expect(sends).toHaveLength(1);
    sends[0]?.settle();
    await turn();
    expect(sends.map((sent) => sent.payloads)).toEqual([['a:1'], ['a:4', 'b:1']]);
    sends[1]?.settle();
    await turn();
    expect(sends).toHaveLength(2);
  });

  it('keeps what failed for the next try, reports it once, and sends it with what came since', async () => {
    const { sends, send } = controlledSender();
    const errors: string[] = [];
    const wakeups = new EventWakeups(send, (_error, message) => errors.push(message));
    wakeups.announce('a', 5);
    await turn();
    sends[0]?.settle(new Error('the connection is down'));
    await turn();
    // No spin while the connection is down: nothing goes until asked.
    expect(sends).toHaveLength(1);
    wakeups.announce('b', 2);
    await turn();
    sends[1]?.settle(new Error('still down'));
    await turn();
    expect(errors).toHaveLength(1);
    wakeups.announce('a', 6);
    wakeups.flush();
    await turn();
    expect(sends.map((sent) => sent.payloads)).toEqual([['a:5'], ['a:5', 'b:2'], ['a:6', 'b:2']]);
    sends[2]?.settle();
    await turn();
    wakeups.announce('a', 7);
    await turn();
    sends[3]?.settle(new Error('down again'));
    await turn();
    // Reported again after a send went through.
    expect(errors).toHaveLength(2);
  });

  it('sends nothing once closed', async () => {
    const { sends, send } = controlledSender();
    const wakeups = new EventWakeups(send, () => undefined);
    wakeups.announce('a', 1);
    wakeups.close();
    await turn();
    wakeups.announce('a', 2);
    wakeups.flush();
    await turn();
    expect(sends).toEqual([]);
  });

  it('reads its payloads back, and nothing else', () => {
    expect(parseEventNotice('3f1c:42')).toEqual({ tenantId: '3f1c', lastId: 42 });
    for (const payload of ['3f1c', ':42', '3f1c:0', '3f1c:-1', '3f1c:4.5', '3f1c:x', '3f1c:99999999999999999']) {
      expect(parseEventNotice(payload)).toBeUndefined();
    }
  });
});
