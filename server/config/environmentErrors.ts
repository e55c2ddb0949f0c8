import { ENVIRONMENT_SCHEMA, type EnvironmentVariable } from './environmentSchema';

/** What `env-schema` reports of a value the schema refuses (Ajv's error objects, the part read here). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

interface PropertyRule {
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
}

function alternatives(values: readonly string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1) ?? ''}` : (values[0] ?? '');
}

/** One sentence naming the variable, what it must be and what it is. */
function sentence(error: SchemaError, values: Readonly<Record<string, string>>): string {
  if (error.keyword === 'dependencies') {
    return 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither';
  }
  const name = error.instancePath.replace(/^\//, '');
  const rule = (ENVIRONMENT_SCHEMA.properties as Record<string, PropertyRule | undefined>)[name];
  const given = JSON.stringify(values[name] ?? '');
  if (rule?.type === 'integer') {
    return `${name} must be a whole number from ${rule.minimum ?? 0} to ${rule.maximum ?? Number.MAX_SAFE_INTEGER}, not ${given}`;
  }
  if (rule?.enum) {
    return `${name} must be ${alternatives(rule.enum)}, not ${given}`;
  }
  return `${name || 'the environment'} ${error.message ?? 'is not valid'}, not ${given}`;
}

/**
 * The schema's complaints as one message, a sentence per variable (the first complaint of each), e.g.
 * `PORT must be a whole number from 0 to 65535, not "80000"`.
 */
export function environmentErrorMessage(errors: readonly SchemaError[], values: Readonly<Record<string, string>>): string {
  const byVariable = new Map<EnvironmentVariable | string, string>();
  for (const error of errors) {
    const key = error.keyword === 'dependencies' ? 'VAPID' : error.instancePath;
    if (!byVariable.has(key)) byVariable.set(key, sentence(error, values));
  }
  return [...byVariable.values()].join('; ');
}
