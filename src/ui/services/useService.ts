import { useContext } from 'react';
import { ServiceContext } from './ServiceContext';

/** A store or service from the container: `useService<SessionStore>(SessionStore)`, `useService(AuthStore)`. */
export function useService<T>(serviceIdentifier: symbol | (abstract new (...args: never[]) => T)): T {
  const services = useContext(ServiceContext);
  if (!services) {
    throw new Error('useService needs a ServiceContext provider');
  }
  return services.get<T>(serviceIdentifier);
}
