import fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { redactingLogger } from '../logging/redactingLogger';
import { registerContractRequestRules } from './contract/contractRequestRules';
import { answerUnroutable } from './errorHandling';
import { requestValidators } from './requestValidation';
import { answerUnreadableRequest } from './unreadableRequests';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The Fastify instance of the backend: logging, body limit, proxies, and how requests are read and checked. */
export function createFastify(options: {
  logger?: FastifyServerOptions['logger'];
  bodyLimit: number;
  trustProxy?: readonly string[];
}): FastifyInstance {
  const app = fastify({
    logger: redactingLogger(options.logger),
    // Requests are not logged one by one; errors are (see http/errorHandling.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    // Unknown fields are refused (400), never dropped silently; query values are coerced to the schema, bodies never.
    schemaController: requestValidators(),
    // A path the router cannot read (bad percent-encoding, an over-long parameter) is a 404 problem.
    frameworkErrors: answerUnroutable,
    // A request Node cannot read as HTTP (a head over 16 KiB, none at all) is a problem too.
    clientErrorHandler: answerUnreadableRequest,
  });
  // Every request of the contract's paths is validated with the contract's schemas.
  registerContractRequestRules(app);
  // Bodies are JSON; anything else is answered with 415.
  app.removeContentTypeParser('text/plain');
  return app;
}
