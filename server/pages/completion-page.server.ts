import type { PageContextServer } from 'vike/types';
import type { CompletionPageData } from '../../contracts/page-data.js';
import { submittedGreeting } from '../application/page-data.server.js';
import { completionReceipt } from '../receipts/completion-receipt.server.js';
import { applicationPdfState } from '../pdf/pdf-state.server.js';
import { completionStatus } from '../after-submission/completion-status.server.js';
import { completionReply } from '../after-submission/completion-reply.server.js';
import { recommendationsView } from '../recommendations/applicant-view.server.js';
import { familyMembersView } from '../family/family-invitations.server.js';

/**
 * /completion's data (pages/completion/+data.ts), section by section: the greeting and submission time
 * (server/application/), the receipt e-mail (server/receipts/), the PDF link (server/pdf/), the checklist,
 * counselor form and decision (server/after-submission/), who has family access (server/family/).
 */
export async function completionPageData(pageContext: PageContextServer): Promise<CompletionPageData> {
  const page = await submittedGreeting(pageContext);
  const user = pageContext.locals?.user;
  if (!user) return { ...page, pdf: null, status: null };
  const { services } = pageContext;
  const search = pageContext.urlParsed.search;
  const receipt = await completionReceipt(services, user.id, search);
  // The store or the queue being down is the island's to report (it polls); the page still renders.
  const pdf = await applicationPdfState(services, user.id).catch(() => null);
  const status = await completionStatus(services, user.id, search, pageContext.locals?.lang ?? 'en');
  const reply = await completionReply(services, user.id, search, pageContext.locals?.lang ?? 'en');
  const recommendations = await recommendationsView(services, user.id, search, 'completion', pageContext.locals?.lang ?? 'en');
  const family = await familyMembersView(services, user.id, pageContext.locals?.lang ?? 'en');
  return { ...page, receipt, pdf, status, reply, recommendations, family };
}
