import type { ChecklistPageData } from '../../../../../../contracts/checklist-page-data.js';

/** The transcript part of the checklist: what is known, in words, and the office's actions on it. Plain POST forms. */
export function TranscriptSection({ base, transcript }: { base: string; transcript: ChecklistPageData['transcript'] }) {
  return (
    <>
      <h3>High school transcript</h3>
      {transcript.lines.map((line, i) =>
        line.tone === 'warning' ? (
          <p key={i} className="error">
            <strong>Warning:</strong>
            {` ${line.text}`}
          </p>
        ) : (
          <p key={i} className={line.tone === 'error' ? 'error' : line.tone === 'muted' ? 'muted' : undefined}>
            {line.text}
          </p>
        ),
      )}
      {transcript.canReject ? (
        <form method="post" action={`${base}/transcript/reject`}>
          <fieldset className="form-box">
            <legend>Reject the counselor&apos;s transcript as unofficial</legend>
            <p>
              <label htmlFor="reject-reason">Reason (the applicant reads it on their status page)</label>
              <br />
              <textarea id="reject-reason" name="reason" rows={3} cols={60} maxLength={transcript.rejectReasonMax} required />
            </p>
            <button type="submit">Reject as unofficial</button>
          </fieldset>
        </form>
      ) : null}
      {transcript.canMark ? (
        <div className="actions">
          <form method="post" action={`${base}/transcript`}>
            <input type="hidden" name="via" value="office-paper" />
            <button type="submit">Mark received (paper)</button>
          </form>
          <form method="post" action={`${base}/transcript`}>
            <input type="hidden" name="via" value="office-etranscript" />
            <button type="submit">Mark received (e-transcript)</button>
          </form>
          {transcript.resendTo ? (
            <form method="post" action={`${base}/counselor-request`}>
              <button type="submit">{`Send the request to ${transcript.resendTo} again`}</button>
            </form>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
