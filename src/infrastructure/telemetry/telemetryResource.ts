import { defaultResource, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { SERVICE_NAME } from './telemetrySettings';

/** Who reports: the console, its release and where it runs, beside the SDK's own description. */
export function telemetryResource(release: string, environment: 'test' | 'production'): Resource {
  return defaultResource().merge(
    resourceFromAttributes({
      'service.name': SERVICE_NAME,
      'service.version': release,
      'deployment.environment': environment,
    }),
  );
}
