import type { PageContextServer } from 'vike/types';
import { formPageData } from '../../server/application/page-data.server.js';
import type { FormPageData } from '../../contracts/page-data.js';

export type Data = FormPageData;

/** The three form pages: profile, answers (with their ETag), UI state, banner (server/application/page-data.server.ts). */
export async function data(pageContext: PageContextServer): Promise<Data> {
  return formPageData(pageContext);
}
