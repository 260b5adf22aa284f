import { parseSync } from '@swc/core';
import { readFileSync } from 'node:fs';
const files = process.argv.slice(2);
let total = 0;
for (const file of files) {
  const src = readFileSync(file, 'utf8');
  let ast;
  try { ast = parseSync(src, { syntax: 'typescript', tsx: file.endsWith('.tsx') }); } catch (e) { console.log('PARSE', file); continue; }
  const base = ast.span.start;
  const found = [];
  const walk = (n) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(walk);
    if (n.type === 'JSXText' && /[A-Za-z]{2,}/.test(n.value)) found.push(n.value.trim().replace(/\s+/g, ' '));
    if (n.type === 'JSXAttribute' && n.value?.type === 'StringLiteral' && ['aria-label','title','placeholder','alt','label'].includes(n.name?.value) && /[A-Za-z]{2,}/.test(n.value.value)) found.push('@' + n.value.value);
    if (n.type === 'StringLiteral' && /^[A-Z][a-z]+[^/]* [a-z]/.test(n.value) && !/[{}<>=]/.test(n.value)) found.push('"' + n.value);
    for (const k in n) if (k !== 'span') walk(n[k]);
  };
  walk(ast);
  if (found.length) { console.log('##', file, found.length); for (const f of [...new Set(found)]) console.log('   ', f); total += found.length; }
}
console.log('TOTAL', total);
