import { useEffect, useState } from 'react';
import { api, ApiError, UnauthorizedError } from './ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../contracts/messages.js';
import { showError } from './ui/toast-bus.js';
import { nextPdfPollDelay } from './lifecycle/pdf-poll.js';
import { isPending, PDF_FAILED_MESSAGE } from '../contracts/statuses.js';
import type { PdfState } from '../contracts/api.js';
import { t } from '../contracts/i18n/page-text.js';

export interface PdfDownloadProps {
  /** The link's text once the PDF is ready. */
  label?: string;
  /** The state when the page was rendered: the link (or the refresh link) works before, and without, scripts. */
  initial?: PdfState;
}

type View = { status: 'loading' } | PdfState;

/**
 * §2 PDF download button: GET /api/pdf every 1000 ms until the first settled result, then every 600000 ms
 * (the short-lived link is renewed); progress while the PDF is made; FAILED raises an error toast (§4).
 * The link's response is an attachment, so following it downloads the file.
 */
export function PdfDownload({ label = 'Download your application (PDF)', initial }: PdfDownloadProps) {
  const [view, setView] = useState<View>(initial ?? { status: 'loading' });

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    let settled = false;
    let reportedFailure = false;

    async function poll() {
      try {
        const state = await api<PdfState>('/api/pdf');
        if (stopped) return;
        setView(state);
        if (!isPending(state.status)) settled = true;
        if (state.status === 'FAILED' && !reportedFailure) {
          reportedFailure = true;
          showError(state.message || PDF_FAILED_MESSAGE);
        }
        if (state.status !== 'FAILED') reportedFailure = false;
      } catch (err) {
        if (stopped || err instanceof UnauthorizedError) return; // 401: the §8 flow is already leaving
        settled = true;
        setView({ status: 'FAILED', url: null });
        showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), nextPdfPollDelay(settled));
    }

    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  if (view.status === 'COMPLETED' && view.url) {
    return (
      <a className="button pdf-download__link" href={view.url} download>
        {t(label)}
      </a>
    );
  }
  if (view.status === 'FAILED') {
    return (
      <p className="pdf-download__failed" role="status">
        {PDF_FAILED_MESSAGE}
      </p>
    );
  }
  if (view.status === 'NOT_ANSWERED') {
    return <p className="pdf-download__none">{t('There is no application to print yet.')}</p>;
  }
  return (
    <div className="pdf-download__progress" role="status">
      <progress className="pdf-download__bar" aria-labelledby="pdf-download-progress-label" />
      <span id="pdf-download-progress-label">{t('Preparing the PDF of your application…')}</span>{' '}
      {/* Without scripts nothing polls: the page itself shows the link once the PDF is ready. */}
      <a href="/completion" className="nojs-only">
        {t('Refresh to check again')}
      </a>
    </div>
  );
}
