import { allFields } from './form/fields.js';
import { COMPLETE_ANSWERS } from './test/fixtures/complete-answers.js';
for (const f of allFields()) if (f.question.key in COMPLETE_ANSWERS) console.log((f as any).page ?? '', f.question.key, f.question.kind, (f.question as any).category ?? '');
