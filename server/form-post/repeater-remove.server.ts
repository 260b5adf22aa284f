import type { AppServices } from '../../platform/app-services.server.js';
import type { Page, Repeater } from '../../form/types.js';
import { walkNodes } from '../../form/walk-nodes.js';
import { repeaterCount } from '../../form/repeater-count.js';
import { isRemovable, removalChanges } from '../../form/repeater-remove.js';
import { setAddAnother, type ApplicationRead } from '../../db/repos/applications.server.js';
import { REMOVE_QUERY, removeConfirmId, removeQueryValue } from '../../contracts/form-post.js';
import { whileOpen } from '../application/open-application.server.js';
import { saveStudentAnswers } from '../application/student-writes.server.js';
import { COMPLETION_ROUTE } from '../application/page-routing.server.js';

/** The add-another of this page with that id, or null. */
export function pageRepeater(page: Page, repeater: string): Repeater | null {
  for (const node of walkNodes(page.children)) if ('repeater' in node && node.repeater === repeater) return node;
  return null;
}

/**
 * An add-another entry's Remove posted without scripts (issue 38). Asked (`remove:`): the page again with the
 * entry's confirmation (?remove=), the answers just posted saved by now. Confirmed (`remove-yes:`): the same
 * change the island makes (form/repeater-remove.ts): the count goes down by one, then the later entries' answers
 * move up and the last one's are cleared; the page lands on the entry before the one removed.
 */
export async function removeEntry(
  services: AppServices,
  userId: string,
  page: Page,
  action: { repeater: string; index: number; confirmed: boolean },
  row: ApplicationRead,
): Promise<{ kind: 'redirect'; location: string }> {
  const node = pageRepeater(page, action.repeater);
  const count = node ? repeaterCount(node, row.add_another[action.repeater], row.answers) : 0;
  const to = (hash: string, query = '') => ({ kind: 'redirect' as const, location: `${page.path}${query}#${hash}` });
  if (!node || !isRemovable(action.index, count)) return to(action.repeater);
  if (!action.confirmed)
    return to(
      removeConfirmId(node.repeater, action.index),
      `?${REMOVE_QUERY}=${encodeURIComponent(removeQueryValue(node.repeater, action.index))}`,
    );
  const changes = removalChanges(node, action.index, count, row.answers);
  await whileOpen(services, userId, (trx, locked) => setAddAnother(trx, locked, node.repeater, count - 1, services.now()));
  const saved = await saveStudentAnswers(services, userId, changes, row.version);
  if (saved.outcome === 'submitted') return { kind: 'redirect', location: COMPLETION_ROUTE };
  return to(`${node.repeater}-${action.index - 1}-title`);
}
