import type { FormPageData } from '../../contracts/page-data.js';
import { applicationFormData, type LifecyclePageContext } from '../application/page-data.server.js';

/** /print's data (pages/print/+data.ts; the guard lets only service users here): the application the token names. */
export async function printPageData(pageContext: LifecyclePageContext): Promise<FormPageData> {
  return applicationFormData(pageContext);
}
