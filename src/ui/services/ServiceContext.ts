import { createContext } from 'react';

/** Where views get their stores and services: the composition root's container. */
export interface ServiceLocator {
  get<T>(serviceIdentifier: symbol | (abstract new (...args: never[]) => T)): T;
}

export const ServiceContext = createContext<ServiceLocator | null>(null);
