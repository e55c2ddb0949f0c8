import { Container } from 'inversify';
import { byName } from '../../../../src/app/modules/byName';

const Clock = Symbol('Clock');
const Greeting = Symbol('Greeting');
const Card = Symbol('Card');

class Counter {
  value = 41;
}

interface CardDeps {
  greeting: string;
  clock: { now(): number };
  counter: Counter;
}

describe('byName', () => {
  it('resolves every dependency by its identifier and hands them to the factory under their names', () => {
    const container = new Container();
    container.bind(Greeting).toConstantValue('Moin');
    container.bind(Clock).toConstantValue({ now: () => 1234 });
    container.bind(Counter).toSelf().inSingletonScope();
    container
      .bind(Card)
      .toResolvedValue(...byName({ greeting: Greeting, clock: Clock, counter: Counter }, (deps: CardDeps) => `${deps.greeting} ${deps.clock.now()} ${deps.counter.value + 1}`));
    expect(container.get(Card)).toBe('Moin 1234 42');
  });

  it('gives the names in the order written and the identifiers beside them, whatever the order of binding', () => {
    const [factory, identifiers] = byName({ b: Greeting, a: Clock }, (deps: { a: string; b: string }) => deps);
    expect(identifiers).toEqual([Greeting, Clock]);
    expect(factory('for b', 'for a')).toEqual({ b: 'for b', a: 'for a' });
  });

  it('infers what a class identifier resolves to where the factory does not state it', () => {
    const container = new Container();
    container.bind(Counter).toSelf();
    container.bind(Card).toResolvedValue(...byName({ counter: Counter }, ({ counter }) => counter.value));
    expect(container.get(Card)).toBe(41);
  });

  it('fails as the container does when a named dependency is not bound', () => {
    const container = new Container();
    container.bind(Greeting).toConstantValue('Moin');
    container.bind(Card).toResolvedValue(...byName({ greeting: Greeting, clock: Clock }, (deps: { greeting: string; clock: unknown }) => deps));
    expect(() => container.get(Card)).toThrow(/Clock/);
  });
});
