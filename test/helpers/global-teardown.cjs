const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async function globalTeardown() {
  const tsx = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  execFileSync(tsx, [join(__dirname, 'drop-databases.ts')], { stdio: 'inherit' });
};
