// Browser tests: the production build served by the reference backend, driven in Debian's Chromium
// through playwright-core (no browser download). Run after `npm run build`.
// Days become instants in local time: the tests and the browser run in a zone with an offset.
process.env.TZ = 'Europe/Berlin';

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'browser',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/browser'],
  transform: { '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }] },
  transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs)/)'],
  testTimeout: 60000,
  // The migrated database folder every backend of the tests starts with (test/server/support/embeddedDump.ts).
  globalSetup: '<rootDir>/test/browser/support/browserGlobalSetup.ts',
  maxWorkers: 1,
};
