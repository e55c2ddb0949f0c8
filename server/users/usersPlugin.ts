import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { UserAccountRepository } from './UserAccountRepository';
import { registerUserAdminRoutes } from './userAdminRoutes';

/** The tenant's users, for its admins (`/api/users`). */
export function usersPlugin(services: SharedServices): Feature {
  const { database, passwords, clock, openStreams } = services;
  return {
    signedIn: (api) => registerUserAdminRoutes(api, { accounts: new UserAccountRepository(database), passwords, clock, eventStreams: openStreams }),
  };
}
