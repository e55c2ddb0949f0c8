// Days become instants in local time: run every test in a zone with an offset and summer time.
process.env.TZ = process.env.TZ || 'Europe/Berlin';

// Unit tests (stores, services, views with fake bindings) and backend integration tests over real HTTP.
// Inversify 8 and some of its helpers ship only ES modules, so they are transformed like our sources.
const esmOnly = ['inversify', '@inversifyjs'].join('|');

const transform = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }],
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
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      transform,
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
    },
  ],
};
