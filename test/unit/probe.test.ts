import { Container, ContainerModule } from 'inversify';
import { makeAutoObservable } from 'mobx';
const Port = Symbol('Port');
class S { v = 1; constructor() { makeAutoObservable(this); } }
test('probe', () => {
  const c = new Container();
  c.load(new ContainerModule(({ bind }) => { bind(Port).toResolvedValue(() => new S()).inSingletonScope(); }));
  expect(c.get<S>(Port).v).toBe(1);
  expect(localStorage).toBeDefined();
});
