// Writes docs/reading-stages.md from domain/reading/stages.ts: `npm run docs:stages` (test/unit/reading-stages.test.ts checks it).
import { writeFileSync } from 'node:fs';
import { readingStagesDoc } from '../domain/reading/stages-doc.js';

writeFileSync(new URL('../docs/reading-stages.md', import.meta.url), readingStagesDoc());
