// Type-aware lint for the whole repo. No rule is disabled "for now": fix the code instead.
import tseslint from 'typescript-eslint';
import drizzle from 'eslint-plugin-drizzle';
import boundaries from 'eslint-plugin-boundaries';

// The layers (README "Architecture"): app → server → db; inngest → server; nothing in server or
// db imports app, inngest or scripts; db imports nothing of server. Scripts are entry points like
// instrumentation.ts: they wire server/ and db/, and the Inngest transport when it is configured.
const LAYERS = [
  { type: 'app', pattern: 'app' },
  { type: 'server', pattern: 'server' },
  { type: 'db', pattern: 'db' },
  { type: 'inngest', pattern: 'inngest' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'tests', pattern: 'tests' },
];
const ALLOWED = {
  app: ['app', 'server'],
  server: ['server', 'db'],
  db: ['db'],
  inngest: ['inngest', 'server'],
  scripts: ['scripts', 'server', 'db', 'inngest'],
  tests: ['tests', 'app', 'server', 'db', 'inngest', 'scripts'],
};

export default tseslint.config(
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '*.mjs'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { drizzle, boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/include': ['app/**/*', 'server/**/*', 'db/**/*', 'inngest/**/*', 'scripts/**/*', 'tests/**/*'],
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(ALLOWED).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: to } } } },
          })),
        },
      ],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // server/composition.ts wires the app's production dependencies. Only the edges take from it
    // (app/, inngest/, the tRPC request context, start-up); domain code under server/ receives
    // what it needs as arguments, and scripts wire their own connection.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/api/context.ts', 'server/startup.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/composition', '@/server/composition'], message: 'Only the edges (app/, inngest/, server/api/context.ts, server/startup.ts) import the composition root; take the dependency as an argument.' }] }],
    },
  },
);
