/**
 * Uploads without scripts (DESIGN §6, issue 38): the upload form posts the file to this app, which checks it, makes
 * a photo over 1 MB fit and stores it, then shows the form page again: with the message at the field when it was
 * refused, or with what was done to the photo and a preview of it.
 */

/** Where a document question's upload form posts (multipart, one `file` part). */
export function uploadRoute(answerKey: string): string {
  return `/upload/${encodeURIComponent(answerKey)}`;
}

/** The file part's name in that form. */
export const UPLOAD_FILE_FIELD = 'file';

/** A small picture of an uploaded photo, for its owner's form page (a JPEG, never the stored bytes themselves). */
export function uploadPreviewRoute(answerKey: string): string {
  return `/upload/${encodeURIComponent(answerKey)}/preview`;
}

/**
 * The page a fitted photo lands on: `?fitted=<key>:<bytes chosen>:<width>x<height>[:heic]`, which the page turns
 * into the sentence the island shows after fitting in the browser. Display only: it changes nothing.
 */
export const FITTED_QUERY = 'fitted';

export interface FittedQuery {
  key: string;
  originalBytes: number;
  width: number;
  height: number;
  heic: boolean;
}

export function fittedQueryValue(fit: FittedQuery): string {
  return `${fit.key}:${fit.originalBytes}:${fit.width}x${fit.height}${fit.heic ? ':heic' : ''}`;
}

export function parseFittedQuery(value: unknown): FittedQuery | null {
  if (typeof value !== 'string') return null;
  const match = /^([a-z0-9_]{1,80}):([0-9]{1,9}):([0-9]{1,5})x([0-9]{1,5})(:heic)?$/.exec(value);
  if (!match) return null;
  return { key: match[1]!, originalBytes: Number(match[2]), width: Number(match[3]), height: Number(match[4]), heic: Boolean(match[5]) };
}
