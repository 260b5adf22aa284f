import { useData } from '../../../page-context.js';
import type { TeacherPageData, TeacherPageView } from '../../../../contracts/recommendation-page-data.js';
import { FILE_ACCEPT } from '../../../../form/documents.js';
import { CounselorLayout } from '../../counselor/CounselorLayout.js';
import { t } from '../../../../contracts/i18n/page-text.js';

type Live = Extract<TeacherPageView, { kind: 'live' }>;

/** The teacher's page (issue 39): no account, no script; a file or typed text, or a decline that asks first. */
function LetterForms({ page, live }: { page: TeacherPageData; live: Live }) {
  return (
    <>
      <h2>{t('Send your letter as a file')}</h2>
      <form method="post" action={page.action} encType="multipart/form-data">
        <p>
          <label htmlFor="letter">{live.fileFailed ? t('Send another file') : t('Letter file')}</label>
          <br />
          <span id="letter-hint" className="muted">
            {t('A PDF, PNG, JPEG or Word (.docx) file of up to 1 MB.')}
          </span>
          <br />
          <input type="file" id="letter" name="letter" accept={FILE_ACCEPT} required aria-describedby="letter-hint" />
        </p>
        <p>
          <button type="submit">{t('Send the letter file')}</button>
        </p>
      </form>
      <h2>{t('Or type your letter')}</h2>
      <form method="post" action={`${page.action}/text`}>
        <p>
          <label htmlFor="letter_text">{t('Your letter')}</label>
          <br />
          <span id="letter-text-hint" className="muted">
            {t('Plain text, up to {{count}} characters.', { count: page.textMax.toLocaleString('en-US') })}
          </span>
          <br />
          <textarea
            id="letter_text"
            name="letter_text"
            rows={12}
            maxLength={page.textMax}
            required
            defaultValue={live.text}
            aria-describedby="letter-text-hint"
          />
        </p>
        <p>
          <button type="submit">{t('Send the typed letter')}</button>
        </p>
      </form>
      <h2>{t('Cannot write this letter?')}</h2>
      <p>
        {t('If you cannot recommend {{name}}, tell us and we will let them know. This link then stops working.', {
          name: live.applicantName,
        })}
      </p>
      <form method="post" action={`${page.action}/decline`}>
        <button type="submit" className="secondary">
          {t('I cannot write this letter')}
        </button>
      </form>
    </>
  );
}

function ConfirmDecline({ page, live }: { page: TeacherPageData; live: Live }) {
  return (
    <>
      <p>
        {t('Are you sure you want to decline to recommend')} <strong>{live.applicantName}</strong>
        {t('? We will let them know, and this link then stops working.')}
      </p>
      <form method="post" action={`${page.action}/decline`}>
        <input type="hidden" name="confirm" value="yes" />
        <p>
          <label htmlFor="reason">{t('Reason (optional)')}</label>
          <br />
          <span id="reason-hint" className="muted">
            {t('The applicant will see what you write here.')}
          </span>
          <br />
          <textarea id="reason" name="reason" rows={4} maxLength={page.reasonMax} aria-describedby="reason-hint" />
        </p>
        <p className="actions">
          <button type="submit">{t('Yes, decline')}</button>
          <a className="button secondary" href={page.action}>
            {t('No, go back')}
          </a>
        </p>
      </form>
    </>
  );
}

function LivePage({ page, live }: { page: TeacherPageData; live: Live }) {
  return (
    <>
      <p>
        <strong>{live.applicantName}</strong>{' '}
        {t('is applying to our university as a first-year student and asked you, as their teacher of')} <strong>{live.subject}</strong>
        {t(', for a letter of recommendation. You do not need an account.')}
      </p>
      <p>
        {live.waived === true
          ? t('The applicant has waived their right to read this letter.')
          : t('The applicant has not waived their right to read this letter: under FERPA they may ask to see it if they enroll.')}
      </p>
      <p className="muted">{t('This link works until {{date}}.', { date: live.expires })}</p>
      {live.fileFailed ? (
        <p className="error" role="status">
          <strong>{t('Your file:')} </strong>
          {t('We could not read it. Please send it again as a PDF, PNG, JPEG or Word file, or type the letter.')}
        </p>
      ) : null}
      <LetterForms page={page} live={live} />
    </>
  );
}

function Body({ page }: { page: TeacherPageData }) {
  const { view } = page;
  switch (view.kind) {
    case 'live':
      return view.confirming ? <ConfirmDecline page={page} live={view} /> : <LivePage page={page} live={view} />;
    case 'received':
      return (
        <>
          <p>{t('Thank you. We have your letter for {{name}}; there is nothing more to send.', { name: view.applicantName })}</p>
          {view.checking ? (
            <p role="status">
              {t('We are checking the file; this takes a few seconds.')} <a href={page.action}>{t('Check again')}</a>
            </p>
          ) : null}
        </>
      );
    case 'declined':
      return <p>{t('We will let the applicant know that you cannot write this letter. You do not need to do anything else.')}</p>;
    case 'unknown':
      return (
        <p>
          {t('This link is not one we sent, or it was copied incompletely. Please open the link from our e-mail again, or contact us.')}
        </p>
      );
    default:
      return (
        <p>{t('This link is no longer valid. If you were asked for a letter, please use the newest e-mail from us, or contact us.')}</p>
      );
  }
}

export function Page() {
  const page = useData<TeacherPageData>()!;
  return (
    <CounselorLayout title={page.title} officePhone={page.officePhone} officeEmail={page.officeEmail} switchPath={page.action}>
      {page.notice ? (
        <p className={page.notice.kind === 'error' ? 'error' : undefined} role={page.notice.kind === 'error' ? 'alert' : 'status'}>
          {t(page.notice.text)}
        </p>
      ) : null}
      <Body page={page} />
    </CounselorLayout>
  );
}
