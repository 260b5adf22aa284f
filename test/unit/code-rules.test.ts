import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../helpers/paths.js';

/**
 * The developers' guide's code rules are ESLint rules (eslint.config.js), run over the tree by `npm run lint`
 * first thing in `npm test`. Each is proved able to fail here on a snippet linted as if it were a file of the
 * project, so a config change that silently drops one fails this test. ESLint runs in a node process of its
 * own, outside jest's module registry (which also sees the copies of tools/lint that other tests make).
 */
const SNIPPETS: Record<string, { path: string; code: string }> = {
  defaultAndBarrel: { path: 'server/probe.server.ts', code: "export default 1;\nexport * from './other.server.js';\n" },
  vikeConfig: { path: 'pages/+config.ts', code: 'export default { title: "x" };\n' },
  envInWorker: { path: 'workers/probe.server.ts', code: 'export const port = process.env.PORT;\n' },
  envInConfig: { path: 'platform/config.server.ts', code: 'export const port = process.env.PORT;\n' },
  ...Object.fromEntries(
    ['islands', 'views', 'form', 'contracts', 'server'].map((folder) => [
      `imports-${folder}`,
      {
        path: `${folder}/probe${folder === 'server' ? '.server' : ''}.ts`,
        code: "import { a } from '../server/a.server.js';\nimport { b } from 'node:fs';\nexport const c = [a, b];\n",
      },
    ]),
  ),
  castInPage: { path: 'pages/probe.tsx', code: 'export const n = ({} as unknown as number);\n' },
  castInIsland: { path: 'islands/probe.tsx', code: 'export const n = ({} as unknown as number);\n' },
  castInView: { path: 'views/probe.tsx', code: 'export const n = ({} as unknown as number);\n' },
};

const LINT = `
import { ESLint } from 'eslint';
import { join } from 'node:path';
const snippets = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = {};
for (const [name, { path, code }] of Object.entries(snippets)) {
  const [result] = await eslint.lintText(code, { filePath: join(process.cwd(), path) });
  out[name] = result.messages.map((m) => m.line + ': ' + m.ruleId);
}
console.log(JSON.stringify(out));
`;

let problems: Record<string, string[]>;
beforeAll(() => {
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', LINT, JSON.stringify(SNIPPETS)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  problems = JSON.parse(stdout) as Record<string, string[]>;
}, 120_000);

describe('code rules (eslint.config.js)', () => {
  it('named exports only, no barrel files, outside vike’s +config.ts', () => {
    expect(problems.defaultAndBarrel).toEqual(['1: no-restricted-syntax', '2: no-restricted-syntax']);
    expect(problems.vikeConfig).toEqual([]);
  });

  it('process.env is read only in platform/config.server.ts', () => {
    expect(problems.envInWorker).toEqual(['1: no-restricted-properties']);
    expect(problems.envInConfig).toEqual([]);
  });

  it('browser code (islands/, views/, form/, contracts/) imports no *.server module and no node built-in', () => {
    for (const folder of ['islands', 'views', 'form', 'contracts'])
      expect(problems[`imports-${folder}`]).toEqual(['1: no-restricted-imports', '2: no-restricted-imports']);
    expect(problems['imports-server']).toEqual([]);
  });

  it('no `as unknown as` in pages/, islands/ or views/ (issue 15: page context and data are typed)', () => {
    expect(problems.castInPage).toEqual(['1: no-restricted-syntax']);
    expect(problems.castInIsland).toEqual(['1: no-restricted-syntax']);
    expect(problems.castInView).toEqual(['1: no-restricted-syntax']);
  });
});
