import { useData } from '../../../page-context.js';
import type { CounselorPageData, CounselorPageView } from '../../../../contracts/counselor-page-data.js';
import { FILE_ACCEPT } from '../../../../form/documents.js';
import { CounselorLayout } from '../CounselorLayout.js';
import { t } from '../../../../contracts/i18n/page-text.js';

type Live = Extract<CounselorPageView, { kind: 'live' }>;

function UploadForm({ action, again }: { action: string; again: boolean }) {
  return (
    <form method="post" action={action} encType="multipart/form-data">
      <p>
        <label htmlFor="transcript">{again ? t('Send another file instead') : t('Transcript file')}</label>
        <br />
        <span id="transcript-hint" className="muted">
          {t('A PDF, PNG, JPEG or Word (.docx) file of up to 1 MB.')}
        </span>
        <br />
        <input type="file" id="transcript" name="transcript" accept={FILE_ACCEPT} required aria-describedby="transcript-hint" />
      </p>
      <p>
        <button type="submit">{t('Send the transcript')}</button>
      </p>
    </form>
  );
}

/** The second step of "This is not my student": only "Yes" voids the link (issue 38). */
function ConfirmNotMyStudent({ action, live }: { action: string; live: Live }) {
  return (
    <>
      <p>
        {t('Are you sure')} <strong>{live.applicantName}</strong>{' '}
        {t(
          'is not your student? We will let them know, and this link then stops working: you cannot send their transcript with it afterwards.',
        )}
      </p>
      <form method="post" action={`${action}/not-my-student`} className="actions">
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit">{t('Yes, this is not my student')}</button>
        <a className="button secondary" href={action}>
          {t('No, go back')}
        </a>
      </form>
    </>
  );
}

function LivePage({ action, live }: { action: string; live: Live }) {
  return (
    <>
      <p>
        <strong>{live.applicantName}</strong>{' '}
        {t('has applied to our university as a first-year student and named you as their high school counselor')}
        {live.schoolName ? (
          <>
            {' '}
            {t('at')} <strong>{live.schoolName}</strong>
          </>
        ) : null}
        {t('. Please send us their high school transcript. You do not need an account.')}
      </p>
      <p className="muted">{t('This link works until {{date}}.', { date: live.expires })}</p>
      {live.upload ? (
        <div role="status">
          <p className={live.upload.failed ? 'error' : undefined}>
            <strong>{t('Your file:')} </strong>
            {t(live.upload.text)}
          </p>
          {live.upload.pending ? (
            <p>
              <a href={action}>{t('Check again')}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      <UploadForm action={action} again={Boolean(live.upload)} />
      <h2>{t('Not your student?')}</h2>
      <p>
        {t('If {{name}} is not your student, tell us and we will let them know. This link then stops working.', {
          name: live.applicantName,
        })}
      </p>
      <form method="post" action={`${action}/not-my-student`}>
        <button type="submit" className="secondary">
          {t('This is not my student')}
        </button>
      </form>
    </>
  );
}

function Body({ page }: { page: CounselorPageData }) {
  const { view } = page;
  switch (view.kind) {
    case 'live':
      return view.confirming ? <ConfirmNotMyStudent action={page.action} live={view} /> : <LivePage action={page.action} live={view} />;
    case 'received':
      return (
        <p>
          {t('Thank you. We have the high school transcript of {{name}}; there is nothing more to send.', { name: view.applicantName })}
        </p>
      );
    case 'not-my-student':
      return <p>{t('We will let the applicant know that you are not their counselor. You do not need to do anything else.')}</p>;
    case 'unknown':
      return (
        <p>
          {t('This link is not one we sent, or it was copied incompletely. Please open the link from our e-mail again, or contact us.')}
        </p>
      );
    default:
      // Neutral on purpose: an old or forwarded link says nothing about whom it was for (issue 35).
      return (
        <p>{t('This link is no longer valid. If you were asked for a transcript, please use the newest e-mail from us, or contact us.')}</p>
      );
  }
}

export function Page() {
  const page = useData<CounselorPageData>()!;
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
