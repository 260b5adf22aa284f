import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

/** Logged-in students have nothing to do on /login: send them to the application. */
export function guard(pageContext: PageContextServer): void {
  if ((pageContext as unknown as { locals?: { user?: unknown } }).locals?.user) throw redirect('/about');
}
