import { useData } from '../../../page-context.js';
import type { CounselorPageData, CounselorPageView } from '../../../../contracts/counselor-page-data.js';
import { FILE_ACCEPT } from '../../../../form/documents.js';
import { CounselorLayout } from '../CounselorLayout.js';

type Live = Extract<CounselorPageView, { kind: 'live' }>;

function UploadForm({ action, again }: { action: string; again: boolean }) {
  return (
    <form method="post" action={action} encType="multipart/form-data">
      <p>
        <label htmlFor="transcript">{again ? 'Send another file instead' : 'Transcript file'}</label>
        <br />
        <span id="transcript-hint" className="muted">
          A PDF, PNG, JPEG or Word (.docx) file of up to 1 MB.
        </span>
        <br />
        <input type="file" id="transcript" name="transcript" accept={FILE_ACCEPT} required aria-describedby="transcript-hint" />
      </p>
      <p>
        <button type="submit">Send the transcript</button>
      </p>
    </form>
  );
}

/** The second step of "This is not my student": only "Yes" voids the link (issue 38). */
function ConfirmNotMyStudent({ action, live }: { action: string; live: Live }) {
  return (
    <>
      <p>
        Are you sure <strong>{live.applicantName}</strong> is not your student? We will let them know, and this link then stops working: you
        cannot send their transcript with it afterwards.
      </p>
      <form method="post" action={`${action}/not-my-student`} className="actions">
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit">Yes, this is not my student</button>
        <a className="button secondary" href={action}>
          No, go back
        </a>
      </form>
    </>
  );
}

function LivePage({ action, live }: { action: string; live: Live }) {
  return (
    <>
      <p>
        <strong>{live.applicantName}</strong> has applied to our university as a first-year student and named you as their high school
        counselor
        {live.schoolName ? (
          <>
            {' '}
            at <strong>{live.schoolName}</strong>
          </>
        ) : null}
        . Please send us their high school transcript. You do not need an account.
      </p>
      <p className="muted">{`This link works until ${live.expires}.`}</p>
      {live.upload ? (
        <div role="status">
          <p className={live.upload.failed ? 'error' : undefined}>
            <strong>Your file: </strong>
            {live.upload.text}
          </p>
          {live.upload.pending ? (
            <p>
              <a href={action}>Check again</a>
            </p>
          ) : null}
        </div>
      ) : null}
      <UploadForm action={action} again={Boolean(live.upload)} />
      <h2>Not your student?</h2>
      <p>If {live.applicantName} is not your student, tell us and we will let them know. This link then stops working.</p>
      <form method="post" action={`${action}/not-my-student`}>
        <button type="submit" className="secondary">
          This is not my student
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
      return <p>{`Thank you. We have the high school transcript of ${view.applicantName}; there is nothing more to send.`}</p>;
    case 'not-my-student':
      return <p>We will let the applicant know that you are not their counselor. You do not need to do anything else.</p>;
    case 'unknown':
      return <p>This link is not one we sent, or it was copied incompletely. Please open the link from our e-mail again, or contact us.</p>;
    default:
      // Neutral on purpose: an old or forwarded link says nothing about whom it was for (issue 35).
      return <p>This link is no longer valid. If you were asked for a transcript, please use the newest e-mail from us, or contact us.</p>;
  }
}

export function Page() {
  const page = useData<CounselorPageData>()!;
  return (
    <CounselorLayout title={page.title} officePhone={page.officePhone} officeEmail={page.officeEmail}>
      {page.notice ? (
        <p className={page.notice.kind === 'error' ? 'error' : undefined} role={page.notice.kind === 'error' ? 'alert' : 'status'}>
          {page.notice.text}
        </p>
      ) : null}
      <Body page={page} />
    </CounselorLayout>
  );
}
