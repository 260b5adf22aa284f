// jest loads global setup through require(); the TypeScript ESM work runs under tsx instead.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async function globalSetup() {
  const tsx = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  execFileSync(tsx, [join(__dirname, 'prepare-databases.ts')], { stdio: 'inherit' });
};
