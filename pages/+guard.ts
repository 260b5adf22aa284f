import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { guardTarget } from '../server/application/page-routing.server.js';

/**
 * The §2 routing rules for every page (server/application/page-routing.server.ts). A page's own
 * +guard.ts replaces this one (vike guards are not cumulative), so pages must not define their own.
 */
export async function guard(pageContext: PageContextServer): Promise<void> {
  if (!pageContext.services) return;
  const target = await guardTarget(pageContext);
  if (target) throw redirect(target);
}
