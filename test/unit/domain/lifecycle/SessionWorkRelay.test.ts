import type { SessionWork } from '../../../../src/domain/lifecycle/SessionWork';
import { SessionWorkRelay, type KeptForUsers } from '../../../../src/domain/lifecycle/SessionWorkRelay';

/** Records what it is told, as `offerTo u-1`, `withdraw`, `forget u-1`, under a name. */
function recorder(name: string, said: string[]): SessionWork & KeptForUsers {
  return {
    offerTo: (userId) => said.push(`${name} offerTo ${userId}`),
    withdraw: () => said.push(`${name} withdraw`),
    forget: (userId) => said.push(`${name} forget ${userId}`),
    forgetOthers: (userId) => said.push(`${name} forgetOthers ${userId}`),
  };
}

describe('SessionWorkRelay', () => {
  let said: string[];
  let relay: SessionWorkRelay;

  beforeEach(() => {
    said = [];
    relay = new SessionWorkRelay([recorder('edits', said), recorder('newOrders', said)]);
  });

  it('deletes what is kept for other users at a sign-in and the own at a logout while no page\'s work has joined', () => {
    relay.offerTo('u-1');
    relay.withdraw();
    relay.forget('u-1');
    expect(said).toEqual(['edits forgetOthers u-1', 'newOrders forgetOthers u-1', 'edits forget u-1', 'newOrders forget u-1']);
  });

  it('offers a page\'s work that joins to the user signed in now, and tells it every change from then on', () => {
    relay.offerTo('u-1');
    said.length = 0;
    relay.join(recorder('page', said));
    expect(said).toEqual(['page offerTo u-1']);
    said.length = 0;
    relay.withdraw();
    relay.offerTo('u-2');
    relay.forget('u-2');
    expect(said).toEqual([
      'page withdraw',
      'edits forgetOthers u-2',
      'newOrders forgetOthers u-2',
      'page offerTo u-2',
      'edits forget u-2',
      'newOrders forget u-2',
      'page forget u-2',
    ]);
  });

  it('offers nothing to a page\'s work that joins while nobody is signed in, nor after the session ended', () => {
    relay.join(recorder('early', said));
    relay.offerTo('u-1');
    relay.withdraw();
    said.length = 0;
    relay.join(recorder('late', said));
    expect(said).toEqual([]);
  });

  it('tells a page\'s work that left nothing more', () => {
    const joined = relay.join(recorder('page', said));
    joined.dispose();
    relay.offerTo('u-1');
    expect(said).toEqual(['edits forgetOthers u-1', 'newOrders forgetOthers u-1']);
  });
});
