// Runs one command in this process group and kills the whole group as soon as stdin closes.
//
// Why: the conversion worker starts LibreOffice through this guard as a detached group leader. A
// timeout kills the group from the worker (process.kill(-pid)); if the worker itself dies (even by
// SIGKILL) the pipe to our stdin closes and we kill the group, so no soffice is ever left behind.
// Plain JavaScript so it starts with node alone, no TypeScript loader.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) process.exit(2);

function killGroup() {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(137);
  }
}

const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
child.on('error', () => process.exit(127));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));

process.stdin.on('end', killGroup);
process.stdin.on('error', killGroup);
process.stdin.resume();
