import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/**
 * The developers' guide's code rules are ESLint rules (eslint.config.js), run over the tree by `npm run lint`
 * first thing in `npm test`. Each is proved able to fail here on a snippet linted as if it were a file of the
 * project, so a config change that silently drops one fails this test.
 */
const eslint = new ESLint({ cwd: ROOT });

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.map((m) => `${m.line}: ${m.ruleId}`);
}

describe('code rules (eslint.config.js)', () => {
  it('named exports only, no barrel files, outside vike’s +config.ts', async () => {
    expect(await problems('server/probe.server.ts', "export default 1;\nexport * from './other.server.js';\n")).toEqual(['1: no-restricted-syntax', '2: no-restricted-syntax']);
    expect(await problems('pages/+config.ts', 'export default { title: "x" };\n')).toEqual([]);
  });

  it('process.env is read only in server/config.server.ts', async () => {
    const code = 'export const port = process.env.PORT;\n';
    expect(await problems('workers/probe.server.ts', code)).toEqual(['1: no-restricted-properties']);
    expect(await problems('server/config.server.ts', code)).toEqual([]);
  });

  it('browser code (islands/, form/, contracts/) imports no *.server module and no node built-in', async () => {
    const code = "import { a } from '../server/a.server.js';\nimport { b } from 'node:fs';\nexport const c = [a, b];\n";
    for (const folder of ['islands', 'form', 'contracts']) {
      expect(await problems(`${folder}/probe.ts`, code)).toEqual(['1: no-restricted-imports', '2: no-restricted-imports']);
    }
    expect(await problems('server/probe.server.ts', code)).toEqual([]);
  });

  it('no `as unknown as` in pages/ or islands/ (issue 15: page context and data are typed)', async () => {
    const code = 'export const n = ({} as unknown as number);\n';
    expect(await problems('pages/probe.tsx', code)).toEqual(['1: no-restricted-syntax']);
    expect(await problems('islands/probe.tsx', code)).toEqual(['1: no-restricted-syntax']);
  });
});
