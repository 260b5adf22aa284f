import { useData } from '../../../page-context.js';
import type { TeacherPageData, TeacherPageView } from '../../../../contracts/recommendation-page-data.js';
import { FILE_ACCEPT } from '../../../../form/documents.js';
import { CounselorLayout } from '../../counselor/CounselorLayout.js';

type Live = Extract<TeacherPageView, { kind: 'live' }>;

/** The teacher's page (issue 39): no account, no script; a file or typed text, or a decline that asks first. */
function LetterForms({ page, live }: { page: TeacherPageData; live: Live }) {
  return (
    <>
      <h2>Send your letter as a file</h2>
      <form method="post" action={page.action} encType="multipart/form-data">
        <p>
          <label htmlFor="letter">{live.fileFailed ? 'Send another file' : 'Letter file'}</label>
          <br />
          <span id="letter-hint" className="muted">
            A PDF, PNG, JPEG or Word (.docx) file of up to 1 MB.
          </span>
          <br />
          <input type="file" id="letter" name="letter" accept={FILE_ACCEPT} required aria-describedby="letter-hint" />
        </p>
        <p>
          <button type="submit">Send the letter file</button>
        </p>
      </form>
      <h2>Or type your letter</h2>
      <form method="post" action={`${page.action}/text`}>
        <p>
          <label htmlFor="letter_text">Your letter</label>
          <br />
          <span id="letter-text-hint" className="muted">{`Plain text, up to ${page.textMax.toLocaleString('en-US')} characters.`}</span>
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
          <button type="submit">Send the typed letter</button>
        </p>
      </form>
      <h2>Cannot write this letter?</h2>
      <p>If you cannot recommend {live.applicantName}, tell us and we will let them know. This link then stops working.</p>
      <form method="post" action={`${page.action}/decline`}>
        <button type="submit" className="secondary">
          I cannot write this letter
        </button>
      </form>
    </>
  );
}

function ConfirmDecline({ page, live }: { page: TeacherPageData; live: Live }) {
  return (
    <>
      <p>
        Are you sure you want to decline to recommend <strong>{live.applicantName}</strong>? We will let them know, and this link then stops
        working.
      </p>
      <form method="post" action={`${page.action}/decline`}>
        <input type="hidden" name="confirm" value="yes" />
        <p>
          <label htmlFor="reason">Reason (optional)</label>
          <br />
          <span id="reason-hint" className="muted">
            The applicant will see what you write here.
          </span>
          <br />
          <textarea id="reason" name="reason" rows={4} maxLength={page.reasonMax} aria-describedby="reason-hint" />
        </p>
        <p className="actions">
          <button type="submit">Yes, decline</button>
          <a className="button secondary" href={page.action}>
            No, go back
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
        <strong>{live.applicantName}</strong> is applying to our university as a first-year student and asked you, as their teacher of{' '}
        <strong>{live.subject}</strong>, for a letter of recommendation. You do not need an account.
      </p>
      <p>
        {live.waived === true
          ? 'The applicant has waived their right to read this letter.'
          : 'The applicant has not waived their right to read this letter: under FERPA they may ask to see it if they enroll.'}
      </p>
      <p className="muted">{`This link works until ${live.expires}.`}</p>
      {live.fileFailed ? (
        <p className="error" role="status">
          <strong>Your file: </strong>We could not read it. Please send it again as a PDF, PNG, JPEG or Word file, or type the letter.
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
          <p>{`Thank you. We have your letter for ${view.applicantName}; there is nothing more to send.`}</p>
          {view.checking ? (
            <p role="status">
              We are checking the file; this takes a few seconds. <a href={page.action}>Check again</a>
            </p>
          ) : null}
        </>
      );
    case 'declined':
      return <p>We will let the applicant know that you cannot write this letter. You do not need to do anything else.</p>;
    case 'unknown':
      return <p>This link is not one we sent, or it was copied incompletely. Please open the link from our e-mail again, or contact us.</p>;
    default:
      return <p>This link is no longer valid. If you were asked for a letter, please use the newest e-mail from us, or contact us.</p>;
  }
}

export function Page() {
  const page = useData<TeacherPageData>()!;
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
