import { READING_STAGES, STAGE_CHANGES, STAGE_LABELS, FIRST_STAGE } from './stages.js';

/** docs/reading-stages.md, generated from the table in stages.ts (never edited by hand). */
export function readingStagesDoc(): string {
  const lines = [
    '# Reading stages',
    '',
    '<!-- Generated from domain/reading/stages.ts by `npm run docs:stages`; do not edit by hand. -->',
    '',
    "How an application moves through the office's reading (issue 37; see [reading.md](reading.md)). Each arrow is",
    'an event and who causes it; "decided" and "released" follow the decision itself, whoever records it.',
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...READING_STAGES.map((s) => `    ${s}: ${STAGE_LABELS[s]}`),
    `    [*] --> ${FIRST_STAGE}: submitted`,
    ...STAGE_CHANGES.map((r) => `    ${r.from} --> ${r.to}: ${r.event} (${r.who}${r.when ? `; ${r.when}` : ''})`),
    '    released --> [*]',
    '```',
    '',
    '| from | event | to | who | when |',
    '| --- | --- | --- | --- | --- |',
    ...STAGE_CHANGES.map((r) => `| ${r.from} | ${r.event} | ${r.to} | ${r.who} | ${r.when ?? ''} |`),
    '',
  ];
  return lines.join('\n');
}
