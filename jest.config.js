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
  // Four on these 2-core machines: the e2e tests wait on the spec's polling intervals, Chromium and the conversion
  // processes more than they compute. A clean-clone .ci/run on a fast host took 9 min 31 s with three workers (about
  // one core busy on average) and 8 min 36 s with four (load average up to 9.5), all passing; on a slower host, where
  // PostgreSQL, Chromium and LibreOffice already kept both cores busy, five workers gained nothing over three (13 min
  // 23 s against 13 min 20 s for the PostgreSQL pass). With two, a run kept 1.2 cores busy and took 12 min.
  maxWorkers: 4,
};
