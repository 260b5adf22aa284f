// jest loads global setup through require(); the TypeScript ESM work runs under tsx instead.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async function globalSetup() {
  // `npm run test:unit` (test/run-all.mjs --unit): no unit test opens a database, and the PGlite template costs 20-40 s.
  if (process.env.TEST_DATABASES === 'none') return;
  const tsx = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  execFileSync(tsx, [join(__dirname, 'prepare-databases.ts')], { stdio: 'inherit' });
};
