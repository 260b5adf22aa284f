import type { FormPageData } from '../../contracts/page-data.js';
import { applicationFormData } from '../application/page-data.server.js';
import { withDeadline } from '../deadlines/page-deadline.server.js';
import { noScriptFormData, type NoScriptFormData, type NoScriptPageContext } from '../form-post/no-script-data.server.js';

/**
 * The three form pages' data (pages/(form)/+data.ts, and server/student-pages.server.ts for a student's page
 * rendered into its shell: one function, so both ways show the same page). It composes the application as the
 * form shows it (server/application/page-data.server.ts), the deadline banner (server/deadlines/) and what the
 * page needs without scripts (server/form-post/no-script-data.server.ts).
 */
export async function formPageData(pageContext: NoScriptPageContext): Promise<FormPageData & NoScriptFormData> {
  return noScriptFormData(pageContext, await withDeadline(pageContext, await applicationFormData(pageContext)));
}
