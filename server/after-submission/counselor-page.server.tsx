import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Response } from 'express';
import type { Config } from '../../platform/config.server.js';
import type { CounselorLinkState } from '../../domain/after-submission/counselor-link.server.js';
import { FILE_ACCEPT } from '../../form/documents.js';
import { universityDate } from '../../domain/after-submission/university-time.js';

/**
 * The counselor's page: plain server-rendered HTML (no account, no script), a multipart form for the
 * transcript and a form for "This is not my student", so it works the same with and without JavaScript.
 */
function Layout({ title, config, children }: { title: string; config: Config; children: ReactNode }) {
  const { officePhone, officeEmail } = config.contacts;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/staff/staff.css" />
        <title>{`${title} - Office of Admissions`}</title>
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to main content
        </a>
        <header>
          <span>
            <strong>Office of Admissions</strong> Freshman Application
          </span>
        </header>
        <main id="main" className="counselor">
          <h1>{title}</h1>
          {children}
          <h2>Questions?</h2>
          <p>
            Call the Office of Admissions at <a href={`tel:${officePhone.replace(/[^0-9+]/g, '')}`}>{officePhone}</a> or e-mail{' '}
            <a href={`mailto:${officeEmail}`}>{officeEmail}</a>.
          </p>
        </main>
      </body>
    </html>
  );
}

export interface CounselorPageOptions {
  token: string;
  /** An error or outcome to announce at the top. */
  notice?: { kind: 'error' | 'success'; text: string } | null;
}

const CONVERSION_TEXT: Record<string, string> = {
  UNPROCESSED: 'We are checking the file.',
  IN_PROGRESS: 'We are checking the file.',
  COMPLETED: 'The file was checked and added to the application.',
  FAILED: 'We could not read this file. Please send it again as a PDF, PNG, JPEG or Word file.',
};

/** The counselor's last file while it is checked (or when it could not be read): the page says so and offers a refresh. */
function UploadStatus({ token, status }: { token: string; status: string }) {
  const pending = status === 'UNPROCESSED' || status === 'IN_PROGRESS';
  return (
    <div role="status">
      <p className={status === 'FAILED' ? 'error' : undefined}>
        <strong>Your file: </strong>
        {CONVERSION_TEXT[status]}
        {pending ? ' This takes a few seconds.' : null}
      </p>
      {pending ? (
        <p>
          <a href={`/counselor/${token}`}>Check again</a>
        </p>
      ) : null}
    </div>
  );
}

function UploadForm({ token, again }: { token: string; again: boolean }) {
  return (
    <form method="post" action={`/counselor/${token}`} encType="multipart/form-data">
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

function Notice({ notice }: { notice: CounselorPageOptions['notice'] }) {
  if (!notice) return null;
  return (
    <p className={notice.kind === 'error' ? 'error' : undefined} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

export function counselorPageTitle(state: CounselorLinkState): string {
  switch (state.state) {
    case 'live':
      return 'Send a high school transcript';
    case 'received':
      return 'Transcript received';
    case 'not-my-student':
      return 'Thank you for telling us';
    case 'unknown':
      return 'This link does not work';
    default:
      return 'This link is no longer valid';
  }
}

export function sendCounselorPage(res: Response, config: Config, status: number, state: CounselorLinkState, options: CounselorPageOptions): void {
  const title = counselorPageTitle(state);
  let body: ReactNode;
  switch (state.state) {
    case 'live':
      body = (
        <>
          <p>
            <strong>{state.applicantName}</strong> has applied to our university as a first-year student and named you as their high school counselor
            {state.schoolName ? (
              <>
                {' '}
                at <strong>{state.schoolName}</strong>
              </>
            ) : null}
            . Please send us their high school transcript. You do not need an account.
          </p>
          <p className="muted">{`This link works until ${universityDate(state.request.expires_at)}.`}</p>
          {state.upload?.status ? <UploadStatus token={options.token} status={state.upload.status} /> : null}
          <UploadForm token={options.token} again={Boolean(state.upload?.status)} />
          <h2>Not your student?</h2>
          <p>If {state.applicantName} is not your student, tell us and we will let them know. This link then stops working.</p>
          <form method="post" action={`/counselor/${options.token}/not-my-student`}>
            <button type="submit">This is not my student</button>
          </form>
        </>
      );
      break;
    case 'received':
      body = <p>{`Thank you. We have the high school transcript of ${state.applicantName}; there is nothing more to send.`}</p>;
      break;
    case 'not-my-student':
      body = <p>We will let the applicant know that you are not their counselor. You do not need to do anything else.</p>;
      break;
    case 'unknown':
      body = <p>This link is not one we sent, or it was copied incompletely. Please open the link from our e-mail again, or contact us.</p>;
      break;
    default:
      // Neutral on purpose: an old or forwarded link says nothing about whom it was for (issue 35).
      body = <p>This link is no longer valid. If you were asked for a transcript, please use the newest e-mail from us, or contact us.</p>;
  }
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(
    `<!doctype html>\n${renderToStaticMarkup(
      <Layout title={title} config={config}>
        <Notice notice={options.notice} />
        {body}
      </Layout>,
    )}`,
  );
}
