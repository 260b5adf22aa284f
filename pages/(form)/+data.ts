import type { PageContextServer } from 'vike/types';
import type { FormPageData } from '../../contracts/page-data.js';
import { formPageHookData, type NoScriptFormData } from '../../server/form-post/page-data.server.js';

export type Data = FormPageData & NoScriptFormData;

/**
 * The three form pages: profile, answers (with their ETag), UI state, banner (server/application/page-data.server.ts),
 * and what the pages need without scripts: a posted page shown again, a visitor's kept answers, an upload form
 * (server/form-post/page-data.server.ts).
 */
export async function data(pageContext: PageContextServer): Promise<Data> {
  return formPageHookData(pageContext);
}
