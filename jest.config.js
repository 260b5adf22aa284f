/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
      // Keep `with { type: 'json' }` on JSON imports (country names) instead of dropping it.
      experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/test/helpers/style-stub.cjs',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
  globalSetup: '<rootDir>/test/helpers/global-setup.cjs',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.cjs',
  // e2e tests drive a real server and Chromium on a 2-core machine: generous, never asserted as timings.
  testTimeout: 120_000,
  // Five on these 2-core machines: the tests mostly wait (on the spec's polling intervals, Chromium, the conversion
  // processes), so with two workers a run kept 1.2 cores busy on average and .ci/run took 12 min on a slower
  // machine; with three, 1.23 cores and 15 min on a slower one still (docs/operations.md).
  maxWorkers: 5,
};
