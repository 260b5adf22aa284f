/**
 * Teacher recommendations (issue 39): what the pages, the server and the repositories agree on. A letter sent
 * as a file is kept as the document `recommendation-letter-<id>`; no applicant-facing list of documents
 * includes these (db/repos/documents.server.ts), so the applicant never sees a letter.
 */
export const RECOMMENDATION_LETTER_PREFIX = 'recommendation-letter-';
export const MAX_RECOMMENDERS = 2;

export function recommendationLetterKey(id: string): string {
  return `${RECOMMENDATION_LETTER_PREFIX}${id}`;
}

export function isRecommendationLetterKey(key: string): boolean {
  return key.startsWith(RECOMMENDATION_LETTER_PREFIX) && /^\d+$/.test(key.slice(RECOMMENDATION_LETTER_PREFIX.length));
}

/** A recommender's state, in the order it can happen. */
export type RecommenderState = 'invited' | 'opened' | 'checking' | 'received' | 'declined' | 'refused';

/** One teacher as the applicant sees them: never the letter. */
export interface RecommenderView {
  slot: number;
  name: string;
  email: string;
  subject: string;
  state: RecommenderState;
  /** The state in words, an English text of the catalogue ("Invited on {{date}}."), translated where shown. */
  text: string;
  /** Its placeholders: dates already in the reader's language. */
  params: Record<string, string>;
  /** The teacher's reason for declining, when they gave one. */
  reason: string | null;
}

export interface RecommendationsView {
  /** Where the forms post, and which page they come back to. */
  inviteAction: string;
  waiverAction: string;
  back: 'completion' | 'recommendations';
  /** null until answered; final once an invitation went out. */
  waived: boolean | null;
  waiverFinal: boolean;
  slots: Array<{ slot: number; recommender: RecommenderView | null; editable: boolean }>;
  sendsLeft: number;
  notice: { kind: 'success' | 'error' | 'info'; text: string; slot?: number } | null;
}
