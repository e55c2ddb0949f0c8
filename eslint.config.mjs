// Lint: TypeScript rules plus the layering of ARCHITECTURE.md, enforced with eslint-plugin-boundaries.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'test-results/**', '.scratch/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'boundaries/include': ['shared/**/*', 'src/**/*', 'server/**/*', 'test/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared' },
        { type: 'model', pattern: 'src/domain/model' },
        { type: 'ports', pattern: 'src/domain/ports' },
        { type: 'stores', pattern: 'src/domain/stores' },
        { type: 'lifecycle', pattern: 'src/domain/lifecycle' },
        { type: 'infrastructure', pattern: 'src/infrastructure' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'app', pattern: 'src/app' },
        { type: 'serviceWorker', pattern: 'src/serviceWorker' },
        { type: 'types', pattern: 'src/types' },
        // From the root: test/server holds tests of the backend, not the backend.
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'test', pattern: 'test', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // 0. What the console and the backend share (the HTTP contract's types and the rules both apply
            //    to its values) imports nothing but itself.
            allow('shared', ['shared']),
            // 1. The domain imports only the domain, each part only the parts below it: the model; the
            //    ports (what the domain needs of the world, in the model's terms); the stores (state
            //    over the ports); the lifecycle (what happens when, over stores and ports).
            allow('model', ['shared', 'model']),
            allow('ports', ['shared', 'model', 'ports']),
            allow('stores', ['shared', 'model', 'ports', 'stores']),
            allow('lifecycle', ['shared', 'model', 'ports', 'stores', 'lifecycle']),
            // 2. Infrastructure implements ports in the model's terms; it never imports a store, the
            //    lifecycle, ui or the composition root.
            allow('infrastructure', ['shared', 'model', 'ports', 'infrastructure']),
            // 3. Views import the domain and each other, never infrastructure.
            allow('ui', ['shared', 'model', 'ports', 'stores', 'lifecycle', 'ui', 'types']),
            // 4. The composition root imports anything; nothing imports it (its entry lives in it).
            allow('app', ['shared', 'model', 'ports', 'stores', 'lifecycle', 'infrastructure', 'ui', 'app', 'types']),
            // 5. The service worker is a program of its own: the shared contract, the console's messages and itself.
            allow('serviceWorker', ['shared', 'model', 'serviceWorker']),
            // 6. The reference backend shares only the contract with the console; it never reaches into src/.
            allow('server', ['shared', 'server']),
            // 7. Tests may import anything.
            allow('test', ['shared', 'model', 'ports', 'stores', 'lifecycle', 'infrastructure', 'ui', 'app', 'types', 'server', 'serviceWorker', 'test']),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain has no React, DOM, HTTP or storage code: of the packages, only mobx (and no views: .tsx too).
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!mobx$|\\.)', message: 'src/domain imports only the domain and mobx.' }] }],
    },
  },
  {
    // The shared contract is plain TypeScript: no package at all.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'shared/ imports only shared/.' }] }],
    },
  },
  {
    // The stand-in for Blueprint's time-zone list loads the original when first read, hence a require.
    files: ['src/ui/blueprint/timezoneItems.ts'],
    rules: { '@typescript-eslint/no-require-imports': ['error', { allow: ['^@blueprintjs/datetime/lib/esm/common/timezoneItems\\.js$'] }] },
  },
  {
    files: ['scripts/**/*.mjs', '*.js', '*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
