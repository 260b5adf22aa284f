import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH, formatFileSize } from './documents.js';
import { MAX_IMAGE_PIXELS } from './limits.js';
import type { Say } from './lookup-clear.js';

/**
 * How a phone photo is made to fit the 1 MB limit (§5; issues 26 and 38): the one set of rules the browser
 * (islands/upload/fit-image.ts, canvas) and the server (server/documents/fit-photo.server.ts, libvips, for uploads
 * posted without scripts) both follow, so a photo comes out the same size whichever did the work.
 */

/** The long side a document photo needs to stay legible when printed on a page. */
export const FIT_MAX_LONG_SIDE = 3000;
/** JPEG qualities tried in turn at each size (0–1, as canvas takes them; libvips takes them × 100). */
export const FIT_QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;
/** Each round that still does not fit shrinks the sides by this much. */
export const FIT_SHRINK = 0.8;
/** Below this long side a photo is no longer legible: the fitting gives up. */
export const FIT_MIN_LONG_SIDE = 600;

/**
 * The largest photo the server takes to fit (the browser fits any size before sending): a phone's 48-megapixel
 * JPEG is 10–15 MB. Anything larger is refused before a byte of it is decoded.
 */
export const FIT_INPUT_MAX_BYTES = 15 * 1024 * 1024;
/** The most pixels the server decodes to fit a photo: a 48-megapixel phone photo (8064 × 6048) and a little more. */
export const FIT_INPUT_MAX_PIXELS = 50_000_000;

/** The upload form's line without scripts, where the server does the fitting. */
export const NO_SCRIPT_UPLOAD_HINT = `PNG, JPEG, PDF or Word (.docx), up to 1 MB. Photos up to ${FIT_INPUT_MAX_BYTES / (1024 * 1024)} MB are made smaller to fit.`;

/**
 * FIT_MESSAGES.tooManyPixels as the catalogue holds it (es-form.ts), placeholders and all: the page shows it in the
 * reader's language with the sizes filled in (server/form-post/upload-post.server.ts).
 */
export const TOO_MANY_PIXELS = `This image is too large: it is {{width}} × {{height}} pixels, and the most we can make smaller is ${FIT_INPUT_MAX_PIXELS / 1_000_000} megapixels. Please scale it down (or save it as PDF) and upload it again.`;

/** What the server says when it cannot take or fit a photo posted without scripts (issue 38). */
export const FIT_MESSAGES = {
  tooLarge: `Your file is too large. Photos (JPEG, PNG) can be up to ${FIT_INPUT_MAX_BYTES / (1024 * 1024)} MB: we make them fit the 1 MB limit. Other files can be up to 1 MB.`,
  heicUnreadable:
    'This photo is in HEIC format, which we cannot read. Please send it as a JPEG: on an iPhone, choose Settings > Camera > Formats > Most Compatible and take the photo again, or use Share > Save as JPEG (or take a screenshot of the photo) and upload that.',
  unreadable: 'We could not read this image: it may be damaged. Please take the photo again, or save it as a PDF, and upload it again.',
  tooManyPixels: (width: number, height: number) =>
    TOO_MANY_PIXELS.replace('{{width}}', String(width)).replace('{{height}}', String(height)),
} as const;

export interface FitAttempt {
  width: number;
  height: number;
  quality: number;
}

/**
 * Whether a photo must be made to fit: too many bytes or too many pixels (the conversion refuses more than
 * MAX_IMAGE_PIXELS), or a format the application does not store (HEIC).
 */
export function needsFitting(bytes: number, width: number, height: number, storable: boolean): boolean {
  return !storable || bytes > FILE_MAX_BYTES || width * height > MAX_IMAGE_PIXELS;
}

/**
 * The sizes and qualities to encode a width × height photo at, in order, until one comes out at most FILE_MAX_BYTES:
 * first scaled to FIT_MAX_LONG_SIDE and MAX_IMAGE_PIXELS (never up), each quality in turn, then FIT_SHRINK smaller,
 * down to FIT_MIN_LONG_SIDE.
 */
export function* fitAttempts(width: number, height: number): Generator<FitAttempt> {
  let scale = Math.min(1, FIT_MAX_LONG_SIDE / Math.max(width, height), Math.sqrt(MAX_IMAGE_PIXELS / (width * height)));
  for (;;) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    for (const quality of FIT_QUALITIES) yield { width: w, height: h, quality };
    if (Math.max(w, h) * FIT_SHRINK < FIT_MIN_LONG_SIDE) return;
    scale *= FIT_SHRINK;
  }
}

/** The fitted photo's name: the chosen one's as a .jpg, short enough for §5's name limit. */
export function fittedName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name) || 'photo';
  return `${base.slice(0, FILE_NAME_MAX_LENGTH - 4)}.jpg`;
}

/**
 * What the applicant is told about a fitted photo, below the upload, in the reader's language: `say` is the page's
 * `t` (form/ imports no catalogue; the English texts are es-form.ts's keys).
 */
export function fittedNote(fit: { heic: boolean; originalBytes: number; width: number; height: number; bytes: number }, say: Say): string {
  const what = fit.heic
    ? say('Your iPhone photo was converted to JPEG')
    : say('Your photo was {{size}}, so we made it smaller', { size: formatFileSize(fit.originalBytes) });
  return say('{{what}}: {{width}} × {{height}} pixels, {{size}}, to fit the 1 MB limit. Check that it is still easy to read.', {
    what,
    width: fit.width,
    height: fit.height,
    size: formatFileSize(fit.bytes),
  });
}
