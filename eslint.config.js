import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import serverOwnerInWhere from './apps/server/eslint/owner-in-where.js';
import webImportBoundaries from './apps/web/eslint/import-boundaries.js';

// Import direction (STYLE.md habit 6): web `shared → features → app`, features never import each other (checked by
// apps/web/eslint/import-boundaries.js, which resolves relative and `@/` paths alike);
// a server module reaches another only through its index.ts.
const webSource = fileURLToPath(new URL('./apps/web/src', import.meta.url));

// Server layers (apps/server/src/modules/README.md, providers/README.md): a table is imported only beside its owner's
// queries; a module reaches another only through its index.ts; providers only through their index.ts or types.ts, and
// only compose-modules.ts constructs one; db/, events/, http/, jobs/ and providers/ never import a module.
const SERVER = {
  table: { regex: '^(?!\\./)(.*/)?[^/]+\\.tables\\.js$', message: "a table is its owner's: call the owner's service" },
  anyTable: { regex: '\\.tables\\.js$', message: 'index.ts never hands out a table: export a function' },
  otherModule: {
    regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)',
    message: 'another module is reached only through its index.ts',
  },
  adapter: {
    regex: '/providers/[^/]+/(?!index\\.js$|types\\.js$)[^/]+$',
    message: 'a provider is reached through its index.ts or types.ts',
  },
  construct: {
    group: ['**/providers/*/index.js'],
    importNames: [
      'createObjectStore',
      'smsProvider',
      'mailProvider',
      'wechatQrProvider',
      'realNameProvider',
      'createComputeDriver',
    ],
    message: 'only compose-modules.ts constructs a provider',
  },
  lowerLayer: { group: ['**/modules/**'], message: 'db/, events/, http/, jobs/ and providers/ sit below the modules' },
  adminQueries: {
    regex: '\\.admin\\.queries\\.js$',
    message: "operators' queries read any user's rows: only operator code (<area>.admin.*.ts) imports them",
  },
};

function serverBoundaries() {
  const restrict = (files, patterns, ignores = []) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const { table, anyTable, otherModule, adapter, construct, lowerLayer, adminQueries } = SERVER;
  return [
    restrict(['apps/server/src/*.ts'], [table, construct], ['apps/server/src/compose-modules.ts']),
    restrict(['apps/server/src/compose-modules.ts'], [table]),
    restrict(['apps/server/src/{db,http,jobs,providers}/**/*.ts'], [table, lowerLayer]),
    restrict(['apps/server/src/modules/**/*.ts'], [table, otherModule, adapter, construct, adminQueries]),
    restrict(['apps/server/src/modules/**/*.admin.*.ts'], [table, otherModule, adapter, construct]),
    restrict(['apps/server/src/modules/*/index.ts'], [anyTable, otherModule, adapter, construct, adminQueries]),
    {
      // Decision 0021: user queries name their owner in every WHERE; operators' queries live in *.admin.queries.ts.
      files: ['apps/server/src/modules/**/*.queries.ts'],
      ignores: ['apps/server/src/modules/**/*.admin.queries.ts'],
      plugins: { server: serverOwnerInWhere },
      rules: { 'server/owner-in-where': 'error' },
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // STYLE habit: a function with more than three arguments takes an object.
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    rules: { 'max-params': ['error', 3] },
  },
  {
    // docs/decisions/0020: a setting the code needs present is required by its configuration group's schema, whose
    // narrowed type then says so; asserting it with `!` would hide a check made, or forgotten, elsewhere.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSNonNullExpression > MemberExpression:has(Identifier[name='config'])",
          message:
            'Require the setting in its configuration group (docs/decisions/0020) instead of asserting it with !',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: webImportBoundaries },
    rules: { 'web/import-boundaries': ['error', { root: webSource }] },
  },
  ...serverBoundaries(),
);
