import type { Feature } from '../Feature';
import type { SharedServices } from '../SharedServices';
import { registerMeRoutes } from './meRoutes';
import { SavedViewRepository } from './SavedViewRepository';
import { registerSavedViewRoutes } from './savedViewRoutes';

/** The signed-in user: `/api/me` and their saved views. */
export function mePlugin(services: SharedServices): Feature {
  const { users, clock, database } = services;
  return {
    signedIn: (api) => {
      registerMeRoutes(api, { users, clock });
      registerSavedViewRoutes(api, { views: new SavedViewRepository(database), clock });
    },
  };
}
