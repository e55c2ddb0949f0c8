/**
 * Where the console runs. `development` is the webpack dev build; a production build decides
 * between `production` and `test` at run time: production on the configured production
 * host, test on any other.
 */
export type Environment = 'development' | 'test' | 'production';

export function environmentForHost(hostname: string, productionHost: string): Environment {
  return hostname.toLowerCase() === productionHost.toLowerCase() ? 'production' : 'test';
}
