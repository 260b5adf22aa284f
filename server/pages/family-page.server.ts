import type { PageContextServer } from 'vike/types';
import { EMPTY_FORM_PAGE_DATA, type FormPageData } from '../../contracts/page-data.js';
import type { FamilyAccessData } from '../../contracts/family.js';
import { pageChangeMarker } from '../application/page-data.server.js';
import { requestApplication } from '../application/request-application.server.js';
import { familyMembersView } from '../family/family-invitations.server.js';

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The invitation form shown again after a refused invitation (server/family/routes.server.ts). */
      familyForm?: FamilyAccessData['form'];
    }
  }
}

export type FamilyPageData = FormPageData & { family: FamilyAccessData };

/**
 * /family (issue 39): who the applicant lets read their status, and the invitation form. The shell's parts (the
 * account menu, the inactivity modal) read the form page data of a logged-in student; the page itself reads
 * `family`. Every query is scoped to the session's user (the guard admits only logged-in students).
 */
export async function familyPageData(pageContext: PageContextServer): Promise<FamilyPageData> {
  const user = pageContext.locals?.user;
  const base: FormPageData = {
    ...EMPTY_FORM_PAGE_DATA,
    is_logged_in: Boolean(user),
    username: user?.username ?? null,
    page_change_marker: user ? pageChangeMarker(pageContext.services, pageContext.headersOriginal) : null,
  };
  if (!user) return { ...base, family: { submitted: false, members: [], form: null } };
  const row = await requestApplication(pageContext, user.id);
  return {
    ...base,
    family: {
      submitted: Boolean(row?.submitted_at),
      members: await familyMembersView(pageContext.services, user.id, pageContext.locals?.lang ?? 'en'),
      form: pageContext.familyForm ?? null,
    },
  };
}
