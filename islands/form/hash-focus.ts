/**
 * §2 / DESIGN §6: /{page}#{key} scrolls to and focuses the question. For a radio group the key is the
 * first radio; the chosen radio takes the focus when there is one, as arrow-key navigation expects.
 */
export function focusQuestionFromHash(doc: Document = document): boolean {
  const hash = doc.location.hash.slice(1);
  if (!hash) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash);
  } catch {
    return false;
  }
  let target = doc.getElementById(id);
  if (!target) return false;
  if (target instanceof HTMLInputElement && target.type === 'radio' && !target.checked) {
    const checked = doc.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(target.name)}"]:checked`);
    if (checked) target = checked;
  }
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
  return doc.activeElement === target;
}
