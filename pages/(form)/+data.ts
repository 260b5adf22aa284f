import type { PageContextServer } from 'vike/types';
import type { FormPageData } from '../../contracts/page-data.js';
import type { NoScriptFormData } from '../../server/form-post/no-script-data.server.js';
import { formPageData } from '../../server/pages/form-page.server.js';

export type Data = FormPageData & NoScriptFormData;

/** The three form pages (server/pages/form-page.server.ts; a student's page rendered into its shell takes the same). */
export async function data(pageContext: PageContextServer): Promise<Data> {
  return formPageData(pageContext);
}
