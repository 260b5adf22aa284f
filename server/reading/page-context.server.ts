import type { ReviewFormState } from './reader-page.server.js';
import type { CommitteeDraft } from '../../contracts/reading-page-data.js';
import type { LetterDraft } from './letters-page.server.js';
import type { ReleaseState } from './releases-page.server.js';

/**
 * What a reading POST hands its page when it shows the page again rather than redirecting (what was typed, a
 * preview, a confirmation step): typed here beside the other page-context fields (server/page-context.server.ts).
 */
declare global {
  namespace Vike {
    interface PageContextServer {
      reviewForm?: ReviewFormState;
      committeeDraft?: CommitteeDraft;
      letterDraft?: LetterDraft;
      releaseState?: ReleaseState;
    }
  }
}
