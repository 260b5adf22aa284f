import type { PageContextServer } from 'vike/types';
import type { FormPageData } from '../../contracts/page-data.js';
import { printPageData } from '../../server/pages/print-page.server.js';

export type Data = FormPageData;

/** The staff view's data (the guard lets only service users here): the application the token names. */
export async function data(pageContext: PageContextServer): Promise<Data> {
  return printPageData(pageContext);
}
