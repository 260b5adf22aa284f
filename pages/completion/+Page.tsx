import { useData, usePageContext } from '../page-context.js';
import { shellConfig } from '../layouts/public-config.js';
import { GreetingBanner } from '../layouts/banners/GreetingBanner.js';
import { ShellLifecycle } from '../layouts/banners/ShellLifecycle.js';
import { Island } from '../../islands/Island.js';
import { PdfDownload } from '../../islands/PdfDownload.island.js';
import { LogoutButton } from '../../islands/LogoutButton.island.js';
import type { Data as CompletionPageData } from './+data.js';
import { ReceiptSection, ReferenceLine } from './ReceiptSection.js';
import { formatLocalTime } from '../../form/local-time.js';
import { EmailText } from '../../islands/ui/EmailText.js';
import { ChecklistSection, CounselorSection, DecisionSection } from './StatusSection.js';
import { ReplySection } from './ReplySection.js';
import { RecommendationsSection } from './RecommendationsSection.js';
import { FamilySection } from './FamilySection.js';
import { pageLang, t } from '../../contracts/i18n/page-text.js';
import { LanguageSwitch } from '../layouts/LanguageSwitch.js';

const SUCCESS_MESSAGE = 'Your application was successfully submitted.';
const APP_TITLE = 'Freshman Application';

/** §2 /completion: standalone (no shell), only for submitted students (pages/+guard.ts). */
export function Page() {
  const pageContext = usePageContext();
  const data = useData<CompletionPageData>();
  const { contacts } = shellConfig(pageContext);
  const status = data?.status ?? null;
  if (status?.letterView) {
    return (
      <main id="main" className="container completion completion--letter">
        <LanguageSwitch />
        <h1>{t(APP_TITLE)}</h1>
        <ReferenceLine reference={data?.receipt?.reference ?? null} />
        <DecisionSection status={status} letterView />
      </main>
    );
  }
  return (
    <>
      <main id="main" className="container completion">
        <LanguageSwitch />
        <h1>{t(APP_TITLE)}</h1>
        <p className="completion__message">{t(SUCCESS_MESSAGE)}</p>
        <ReferenceLine reference={data?.receipt?.reference ?? null} />
        {!status && data?.submitted_at ? (
          <p className="completion__submitted">
            {t('Submitted: {{time}}', { time: formatLocalTime(data.submitted_at, shellConfig(pageContext).timeZone, pageLang()) })}
          </p>
        ) : null}
        {/* Once a decision is out, "what happens next" is past: the decision takes the banner's place. */}
        {data?.banner && status?.decision.state !== 'ready' ? <GreetingBanner banner={data.banner} /> : null}
        {status ? <DecisionSection status={status} letterView={false} /> : null}
        {data?.reply ? <ReplySection reply={data.reply} /> : null}
        {status ? <ChecklistSection status={status} /> : null}
        {status ? <CounselorSection status={status} /> : null}
        {data?.recommendations ? <RecommendationsSection view={data.recommendations} /> : null}
        {status && data?.family ? <FamilySection members={data.family} /> : null}
        <section className="completion__section" aria-labelledby="completion-pdf">
          <h2 id="completion-pdf">{t('Keep a copy')}</h2>
          <p>{t('Download the PDF of your application for your records.')}</p>
          <Island name="PdfDownload" component={PdfDownload} props={data?.pdf ? { initial: data.pdf } : {}} />
          <p className="completion__review">
            {t('You can also')} <a href="/review">{t('review your submitted answers')}</a> {t('on one page.')}
          </p>
        </section>
        {data?.receipt && data.username ? <ReceiptSection receipt={data.receipt} email={data.username} /> : null}
        <section className="completion__section" aria-labelledby="completion-contact">
          <h2 id="completion-contact">{t('Questions?')}</h2>
          <p>
            {t('Call the Office of Admissions at')}{' '}
            <a href={`tel:${contacts.officePhone.replace(/[^0-9+]/g, '')}`}>{contacts.officePhone}</a> {t('or e-mail')}{' '}
            <a href={`mailto:${contacts.officeEmail}`}>
              <EmailText email={contacts.officeEmail} />
            </a>
            .
          </p>
        </section>
        {data?.username ? (
          <div className="completion__account">
            <p>
              {t('Logged in as')}{' '}
              <strong>
                <EmailText email={data.username.toLowerCase()} />
              </strong>
              .
            </p>
            <Island name="LogoutButton" component={LogoutButton} props={{}} />
          </div>
        ) : null}
      </main>
      <ShellLifecycle data={{ is_logged_in: Boolean(data?.username) }} />
    </>
  );
}
