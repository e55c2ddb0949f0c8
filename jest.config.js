// Days become instants in local time: run every test in a zone with an offset and summer time.
process.env.TZ = process.env.TZ || 'Europe/Berlin';

// Unit tests (stores, services, views with fake bindings) and backend integration tests over real HTTP.
// Inversify 8 and some of its helpers ship only ES modules, so they are transformed like our sources.
const esmOnly = ['inversify', '@inversifyjs'].join('|');

const transform = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }],
};

/** Backend integration tests over real HTTP; run once per database engine (test/server/support/testEngine.ts). */
const server = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/server'],
  // Every answer a test receives from a backend is checked against docs/openapi.yaml.
  setupFilesAfterEnv: ['<rootDir>/test/server/support/serverTestTimeout.ts', '<rootDir>/test/server/support/checkResponses.ts'],
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/unit'],
      setupFiles: ['<rootDir>/test/unit/setup.ts'],
      transform,
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
      moduleNameMapper: { '\\.css$': '<rootDir>/test/unit/styleStub.ts' },
    },
    // On the embedded database (PGlite), each backend in memory.
    {
      displayName: 'server',
      ...server,
      // The migrated embedded database every test server starts from (test/server/support/embeddedDump.ts).
      globalSetup: '<rootDir>/test/server/support/embeddedGlobalSetup.ts',
      // What needs PostgreSQL itself (several processes on one server, LISTEN/NOTIFY) runs in server-postgres only.
      testPathIgnorePatterns: ['Postgres\\.test\\.ts$', '/multiProcess[^/]*\\.test\\.ts$'],
    },
    // On PostgreSQL (TEST_DATABASE_URL), each backend with a database of its own.
    {
      displayName: 'server-postgres',
      ...server,
      setupFiles: ['<rootDir>/test/server/support/usePostgres.ts'],
      globalSetup: '<rootDir>/test/server/support/postgresGlobalSetup.ts',
      globalTeardown: '<rootDir>/test/server/support/postgresGlobalTeardown.ts',
      testPathIgnorePatterns: [
        // The embedded engine alone: its worker thread and the statements it prepares.
        '/test/server/db/pgliteDatabase\\.test\\.ts$',
      ],
    },
  ],
};
