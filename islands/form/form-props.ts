import type { Answers, PageId, ValidationEntry } from '../../form/types.js';
import type { WebStatus } from '../../contracts/statuses.js';
import type { DocumentAnswer, PresignedPost } from '../../contracts/api.js';
import type { SchoolSearch } from '../../contracts/lookup.js';
import type { LookupNotice, TabSwitchQuestion } from '../../contracts/form-post.js';
import type { FittedQuery } from '../../contracts/no-script-upload.js';

/** JSON props of the form island (DESIGN §4): the definition itself is imported, never sent. */
export interface FormProps {
  page: PageId;
  /** The answers the server knows (saved ones once logged in; none for a logged-out visitor). */
  answers: Answers;
  isLoggedIn: boolean;
  webStatus?: WebStatus | null;
  /** Add-another counts and chosen tabs (§3); the lifecycle issue loads and persists them. */
  counts?: Record<string, number>;
  tabs?: Record<string, string>;
  /** The stored validation result while validating (§4), so the error summary and messages are in the first HTML. */
  validations?: ValidationEntry[];
  /** The answers' ETag (DESIGN §7), sent back in If-Match by every save. Logged in only. */
  version?: string | null;
  /** Logged in: the account this page was rendered for, sealed by the server; posted without scripts as POST_FIELDS.owner. */
  owner?: string;
  /** §3 document_answer: each document question's upload, for the upload control's first state. */
  documents?: Record<string, DocumentAnswer>;
  /** A page posted without scripts that came back: what was malformed in it (shown as after a blur, with the summary). */
  formErrors?: ValidationEntry[];
  /** A page posted without scripts that came back with a message (a stale version: the conflict of §7). */
  notice?: string | null;
  /** Without scripts: where the upload form of the document question the applicant chose to upload to posts (DESIGN §6). */
  uploadTargets?: Record<string, PresignedPost>;
  /** Without scripts: a photo the server made fit 1 MB, said in its upload box (?fitted=…, issue 38). */
  uploadFitted?: FittedQuery;
  /** Without scripts: the value the conversion status's refresh link carries (see STATUS_CHECK_QUERY). */
  statusCheck?: string;
  /** Without scripts: the schools matching a school question's search, to choose from (?lookup=<key>&q=<text>). */
  schoolSearch?: SchoolSearch;
  /** Without scripts: what a post cleared at a school or address search, or "not listed" chosen (issue 38). */
  lookupNotices?: LookupNotice[];
  /** Without scripts: a tab switch that would delete uploaded files, asked about first (issue 38). */
  tabSwitch?: TabSwitchQuestion;
  /** Without scripts: the add-another entry whose Remove was pressed, asking to confirm (?remove=<repeater>:<index>). */
  removeConfirm?: { repeater: string; index: number };
  /** The entry fall of the admission cycle the server resolved, so the browser offers and checks the same terms. */
  admissionFallYear?: number;
}
