import { useData } from '../../../../page-context.js';
import type { ReaderPageData } from '../../../../../contracts/reading-page-data.js';
import { ReadOnlyForm } from '../../../../../views/form/ReadOnlyForm.js';
import { StaffLayout } from '../../StaffLayout.js';
import { DoneMessage, Reviews } from '../../reading-parts.js';
import { ReviewForm } from './ReviewForm.js';

/**
 * The reader view: the answers on one side, the documents and the review on the other. Next, previous and the
 * review form have access keys (no script needed), shown on screen.
 */
/** Teachers' letters typed into their page (issue 39), as plain text. */
function TypedLetters({ letters }: { letters: NonNullable<ReaderPageData['letters']> }) {
  return (
    <section aria-labelledby="typed-letters">
      <h2 id="typed-letters">Typed recommendation letters</h2>
      {letters.map((letter, i) => (
        <article key={i} className="typed-letter">
          <h3>{letter.label}</h3>
          <p className="typed-letter__text">{letter.text}</p>
        </article>
      ))}
    </section>
  );
}

export function Page() {
  const page = useData<ReaderPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <DoneMessage done={page.done} />
      <nav aria-label="Reading" className="reader-nav">
        <ul>
          <li>
            <a href="/staff/queue">My queue</a>
          </li>
          {page.previousHref ? (
            <li>
              <a href={page.previousHref} accessKey="p" rel="prev">
                Previous (Alt+Shift+P)
              </a>
            </li>
          ) : null}
          {page.nextHref ? (
            <li>
              <a href={page.nextHref} accessKey="n" rel="next">
                Next in my queue (Alt+Shift+N)
              </a>
            </li>
          ) : null}
          <li>
            <a href="#review" accessKey="r">
              {page.form ? 'Skip to the review form (Alt+Shift+R)' : 'Skip to the reviews (Alt+Shift+R)'}
            </a>
          </li>
        </ul>
      </nav>
      <div className="reader">
        <section className="reader__answers readonly-application" aria-label="Answers">
          <ReadOnlyForm answers={page.answers} counts={page.counts} tabs={page.tabs} />
        </section>
        <div className="reader__side">
          <h2 id="documents">Documents</h2>
          {page.documents.length === 0 ? (
            <p>No document was uploaded.</p>
          ) : (
            <ul className="documents" aria-labelledby="documents">
              {page.documents.map((doc) => (
                <li key={doc.key}>
                  {doc.label}
                  <br />
                  {doc.showHref ? (
                    <>
                      <a href={doc.showHref} aria-current={page.shown?.key === doc.key ? 'true' : undefined}>
                        Show<span className="visually-hidden"> {doc.label}</span> here
                      </a>
                      {' · '}
                    </>
                  ) : null}
                  <a href={doc.href}>
                    Download<span className="visually-hidden"> {doc.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          {page.shown ? <iframe id="document" className="document-frame" src={page.shown.src} title={page.shown.label} /> : null}
          {page.letters?.length ? <TypedLetters letters={page.letters} /> : null}
          <section id="review" aria-labelledby="review-heading" tabIndex={-1}>
            <h2 id="review-heading">{page.form ? 'Your review' : 'Reviews'}</h2>
            {page.form ? <ReviewForm id={page.id} form={page.form} values={page.values} errors={page.errors} /> : null}
            {page.reviewsNote ? <p className="muted">{page.reviewsNote}</p> : null}
            {!page.form && page.reviews.length === 0 ? <p>No review is submitted yet.</p> : null}
            {page.reviews.length > 0 ? (
              <>
                {page.form ? <h3>Submitted reviews</h3> : null}
                <Reviews reviews={page.reviews} headingLevel={page.form ? 4 : 3} />
              </>
            ) : null}
          </section>
        </div>
      </div>
    </StaffLayout>
  );
}
