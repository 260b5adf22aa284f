// ESLint (flat config), run by `npm run lint` and first thing in `npm test`.
// The recommended rule sets that need no type information (a linted file is parsed alone, so the whole tree
// lints in seconds; `tsc --noEmit` does the type checking), plus the project's own code rules of the
// developers' guide, which were grep tests before. DESIGN §2's folder rules (who may import whom) stay
// with dependency-cruiser (.dependency-cruiser.cjs): it follows imports across files, ESLint does not.
import js from '@eslint/js';
import globals from 'globals';
// typescript-eslint, installed with the TypeScript 6 it parses with (tools/lint/package.json says why).
import tseslint from 'lint-tools';

/** The application's own code (everything but tests, scripts and configuration). */
const SOURCE = ['platform', 'domain', 'server', 'pages', 'islands', 'views', 'form', 'contracts', 'db', 'workers'].map(
  (folder) => `${folder}/**/*.{ts,tsx}`,
);
/** Code that runs in the browser (views/ too: islands may import it): no server module, no node built-in. */
const BROWSER = ['islands', 'views', 'form', 'contracts'].map((folder) => `${folder}/**/*.{ts,tsx}`);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      '.test-tmp/',
      'bench-results/',
      'coverage/',
      'tools/lint/node_modules/',
      'test/fixtures/import-boundaries/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused parameters keep a handler's or a callback's signature readable (Express error handlers need four).
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `declare global { namespace Express { … } }` is how Express's Request is extended; nothing else is a namespace.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // An empty catch is how the code says "already gone" / "best effort"; each one carries a comment saying so.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Input is cleaned of control characters on purpose (file names, e-mail addresses, imported rows).
      'no-control-regex': 'off',
    },
  },
  {
    files: SOURCE,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Named exports only (developers’ guide): a default export has no name to search for.',
        },
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module that defines the name.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from the validated config (platform/config.server.ts), the only reader of process.env.',
        },
      ],
    },
  },
  {
    // Issue 15: vike's PageContextServer augmentation and useData<Data>() type page context and data.
    files: ['pages/**/*.{ts,tsx}', 'islands/**/*.{ts,tsx}', 'views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Named exports only (developers’ guide): a default export has no name to search for.',
        },
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module that defines the name.' },
        {
          selector: 'TSAsExpression[expression.type="TSAsExpression"][expression.typeAnnotation.type="TSUnknownKeyword"]',
          message: '`as unknown as` in a page or island: type page context with vike’s PageContextServer and data with useData<Data>().',
        },
      ],
    },
  },
  {
    // Declarations describe other packages' modules, default exports included.
    files: ['**/*.d.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Values enter untyped here (error objects in the error middleware, joi's validated value, pg-boss's
    // connection, test doubles of browser globals); elsewhere `any` stays an error.
    files: ['server/**', 'platform/**', 'domain/**', 'workers/**', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['platform/config.server.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // vike reads the page settings from the default export of +config.ts.
    files: ['pages/**/+config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: BROWSER,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.server', '**/*.server.js', '**/*.server.ts', '**/*.server.tsx'],
              message: 'Server-only module: browser code never imports a *.server module.',
            },
            { group: ['node:*'], message: 'Browser code: no node built-in.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
