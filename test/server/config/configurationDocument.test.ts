import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_SCHEMA, ENVIRONMENT_VARIABLES } from '../../../server/config/environmentSchema';
import { REPOSITORY_ROOT } from '../../../server/config/repository';

/** The variables docs/CONFIGURATION.md's table names, one a row, in its order. */
function documentedVariables(): string[] {
  const text = readFileSync(path.join(REPOSITORY_ROOT, 'docs', 'CONFIGURATION.md'), 'utf8');
  return [...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1] ?? '');
}

describe('docs/CONFIGURATION.md', () => {
  it('names exactly the variables of the environment schema, each once', () => {
    const documented = documentedVariables();
    expect([...documented].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('gives the schema\'s default of each variable that has one', () => {
    const text = readFileSync(path.join(REPOSITORY_ROOT, 'docs', 'CONFIGURATION.md'), 'utf8');
    for (const [name, rule] of Object.entries(ENVIRONMENT_SCHEMA.properties)) {
      if (!('default' in rule) || name === 'DATA_DIR') continue;
      const row = text.split('\n').find((line) => line.startsWith(`| \`${name}\` |`)) ?? '';
      expect({ name, defaultCell: row.split(' | ')[2] }).toEqual({ name, defaultCell: expect.stringContaining(`\`${String(rule.default)}\``) });
    }
  });
});
