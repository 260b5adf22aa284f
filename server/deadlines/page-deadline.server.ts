import type { FormPageData } from '../../contracts/page-data.js';
import type { LifecyclePageContext } from '../application/page-data.server.js';
import { deadlinePassedText, deadlineState } from '../../domain/deadlines/open-round.server.js';
import { deadlineText } from '../../domain/deadlines/rounds.server.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';
import { translator } from '../../contracts/i18n/translate.js';

/**
 * The deadline the form pages and /review show (issue 40): the round open for this applicant (their extension
 * counted), in the university's zone; once the last has passed, that it has. Not for the staff view or a
 * submitted application, whose deadline no longer matters to the reader. In the page's language, dates included
 * (computed here: the banner is rendered on the server from these texts).
 */
export async function withDeadline<T extends FormPageData>(pageContext: LifecyclePageContext, data: T): Promise<T> {
  const { services } = pageContext;
  if (data.is_service_user || data.web_status === 'submitted' || services.config.deadlines.rounds.length === 0) return data;
  const state = await deadlineState(
    { config: services.config, knex: services.db.knex },
    pageContext.locals?.user?.id ?? null,
    services.now(),
  );
  if (state.kind === 'none') return data;
  const zone = services.config.timeZone;
  const lang = pageContext.locals?.lang ?? 'en';
  const t = translator(lang, ES_PAGES);
  const text = t('{{round}} deadline: {{date}}', { round: t(state.round.label), date: deadlineText(state.closesAt, zone, lang) });
  return { ...data, deadline: { text, passed: state.kind === 'closed' ? deadlinePassedText(t, state.closesAt, zone, lang) : null } };
}
