import type { Answers } from '../../form/types.js';

/**
 * Values the browser holds in the form's controls that the island's state does not know: typed before the
 * island hydrated (slow network, or hydration on first interaction) or restored by the browser on back/forward
 * navigation. React keeps such DOM values while hydrating but never reports them, so they are read once here.
 * Only controls named by a known answer key count; file inputs are the documents island's business.
 */
export function domAnswerChanges(root: ParentNode, known: (key: string) => boolean, answers: Readonly<Answers>): Answers {
  const changes: Answers = {};
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input[name], select[name], textarea[name]',
  )) {
    const key = control.name;
    if (!known(key)) continue;
    const current = answers[key];
    if (control instanceof HTMLInputElement && control.type === 'checkbox') {
      if (control.checked !== (current === true)) changes[key] = control.checked;
    } else if (control instanceof HTMLInputElement && control.type === 'radio') {
      if (control.checked && control.value !== current) changes[key] = control.value;
    } else if (!(control instanceof HTMLInputElement && control.type === 'file')) {
      if (control.value !== (typeof current === 'string' ? current : '')) changes[key] = control.value;
    }
  }
  return changes;
}
