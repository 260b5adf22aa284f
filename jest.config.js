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
  // Three on these 2-core machines: with two, a run kept 1.2 cores busy on average (e2e tests wait on the spec's
  // polling intervals, Chromium and the conversion processes), and .ci/run took 12 min on the slower machine.
  // Five gained nothing on a machine where the PostgreSQL pass took 13 min 20 s with three (13 min 23 s with five,
  // load average 10–12: PostgreSQL, Chromium and LibreOffice were already using both cores).
  maxWorkers: 3,
};
