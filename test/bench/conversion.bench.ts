import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../platform/config.server.js';
import { convertToPdf } from '../../workers/convert/convert.server.js';
import { makeDocx, makePdf, makePng } from '../fixtures/documents.js';

export interface ConversionFigures {
  runs: number;
  inputBytes: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/**
 * Conversion time per type, as the worker does it (type check by content + conversion), figures only.
 * docx starts LibreOffice with a fresh profile each time, exactly like a job.
 */
export async function benchConversions(
  options: { services?: { config: { sofficePath: string | null; sofficeTimeoutMs: number } } } = {},
): Promise<Record<string, ConversionFigures | string>> {
  const { sofficePath, sofficeTimeoutMs } =
    options.services?.config ?? loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const inputs = [
    ['png', makePng(1200, 1600), 10],
    ['pdf', await makePdf(5), 10],
    ['docx', await makeDocx(Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the recommendation letter.`)), 3],
  ] as const;
  const results: Record<string, ConversionFigures | string> = {};
  for (const [type, bytes, runs] of inputs) {
    if (type === 'docx' && !sofficePath) {
      results[type] = 'not measured: LibreOffice not found (set SOFFICE_PATH)';
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await convertToPdf(Buffer.from(bytes), { sofficePath, timeoutMs: sofficeTimeoutMs, tag: `bench-${type}-${i}` });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    results[type] = {
      runs,
      inputBytes: bytes.length,
      medianMs: round(times[Math.floor(times.length / 2)]!),
      minMs: round(times[0]!),
      maxMs: round(times.at(-1)!),
    };
  }
  return results;
}

// Run on its own: `npx tsx test/bench/conversion.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchConversions(), null, 2));
}
