import { ContainerModule } from 'inversify';
import { HttpClient } from '../../domain/ports/HttpClient';
import { Notifier } from '../../domain/ports/Notifier';
import { SessionStore } from '../../domain/ports/SessionStore';
import { UsersApi } from '../../domain/ports/UsersApi';
import { NewUserStore } from '../../domain/stores/NewUserStore';
import { UsersStore } from '../../domain/stores/UsersStore';
import { HttpUsersApi } from '../../infrastructure/api/HttpUsersApi';

/** The users page's services (an admin's), with the page's chunk (`pageModules`). */
export const usersPageModule = new ContainerModule(({ bind }) => {
  bind(UsersApi)
    .toResolvedValue((http: HttpClient) => new HttpUsersApi(http), [HttpClient])
    .inSingletonScope();
  bind(UsersStore)
    .toResolvedValue((api: UsersApi, notifier: Notifier) => new UsersStore(api, notifier), [UsersApi, Notifier])
    .inSingletonScope();
  bind(NewUserStore)
    .toResolvedValue((api: UsersApi, users: UsersStore, session: SessionStore) => new NewUserStore(api, users, () => session.language), [UsersApi, UsersStore, SessionStore])
    .inSingletonScope();
});
