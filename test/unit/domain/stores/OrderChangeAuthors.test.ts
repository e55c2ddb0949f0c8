import { OrderChangeAuthors } from '../../../../src/domain/stores/OrderChangeAuthors';
import { FakeEventStream } from '../../support/liveFakes';

describe('OrderChangeAuthors', () => {
  it('remembers who saved each version of an order, as the stream told it', () => {
    const events = new FakeEventStream();
    const authors = new OrderChangeAuthors(events);
    events.emit('order.updated', { id: 'o-1', version: 3, by: { type: 'user', id: 'u-2', name: 'Anna Berger' } }, '7');
    events.emit('order.created', { id: 'o-2', version: 1, by: { type: 'simulator' } }, '8');
    events.emit('order.updated', { id: 'o-3', version: 2, by: { type: 'user', id: 5 } }, '9');
    events.emit('presence', { orderId: 'o-1', present: [] });
    expect(authors.of({ id: 'o-1', version: 3 })).toEqual({ type: 'user', id: 'u-2', name: 'Anna Berger' });
    expect(authors.of({ id: 'o-1', version: 2 })).toBeUndefined();
    expect(authors.of({ id: 'o-2', version: 1 })).toEqual({ type: 'simulator' });
    expect(authors.of({ id: 'o-3', version: 2 })).toBeUndefined();
    authors.dispose();
    events.emit('order.updated', { id: 'o-1', version: 4, by: { type: 'system' } }, '10');
    expect(authors.of({ id: 'o-1', version: 4 })).toBeUndefined();
  });

  it('forgets the oldest once it holds 500', () => {
    const events = new FakeEventStream();
    const authors = new OrderChangeAuthors(events);
    for (let version = 1; version <= 501; version++) events.emit('order.updated', { id: 'o', version, by: { type: 'system' } }, String(version));
    expect(authors.of({ id: 'o', version: 1 })).toBeUndefined();
    expect(authors.of({ id: 'o', version: 2 })).toEqual({ type: 'system' });
    expect(authors.of({ id: 'o', version: 501 })).toEqual({ type: 'system' });
  });
});
