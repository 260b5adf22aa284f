import type { PageContextServer } from 'vike/types';
import { formPageData } from '../../server/application/page-data.server.js';
import type { FormPageData } from '../../contracts/page-data.js';

export type Data = FormPageData;

/** The staff view's data (the guard lets only service users here): the application the token names. */
export async function data(pageContext: PageContextServer): Promise<Data> {
  return formPageData(pageContext);
}
