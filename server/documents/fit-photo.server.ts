import sharp, { type OutputInfo, type SharpOptions } from 'sharp';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { MAX_IMAGE_PIXELS } from '../../form/limits.js';
import { FIT_INPUT_MAX_PIXELS, FIT_MESSAGES, fitAttempts, needsFitting } from '../../form/photo-fit.js';

/**
 * A photo posted without scripts, made to fit 1 MB on the server by the browser's rules (form/photo-fit.ts;
 * issue 38). libvips decodes and encodes on libuv's thread pool, so the web process's event loop only awaits;
 * what a hostile file can cost is bounded before any decoding: FIT_INPUT_MAX_BYTES (the upload parser),
 * FIT_INPUT_MAX_PIXELS (read from the header, and libvips' own limitInputPixels), FIT_TIMEOUT_SECONDS, and one
 * fitting at a time per process (a 48-megapixel photo takes about 150 MB while it is decoded).
 */

// Nothing is processed twice: libvips' operation cache would only hold on to memory.
sharp.cache(false);
// One libvips thread per image: on a small machine the other cores stay for the requests and the conversions.
sharp.concurrency(1);

export const FIT_TIMEOUT_SECONDS = 20;

export type PhotoFit =
  | { kind: 'unchanged' }
  | { kind: 'fitted'; jpeg: Buffer; width: number; height: number }
  | { kind: 'refused'; message: string; params?: { width: number; height: number } };

/** Formats libvips may decode here: what phones make (JPEG, PNG, HEIC). Anything else is refused unread. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'heif']);

const decodeOptions: SharpOptions = {
  limitInputPixels: FIT_INPUT_MAX_PIXELS,
  // A truncated or corrupt photo is refused, not fitted half grey.
  failOn: 'error',
  sequentialRead: true,
  // Phones store photos sideways with an EXIF orientation; the browser's decoder applies it too.
  autoOrient: true,
};

let queue: Promise<unknown> = Promise.resolve();
/** One fitting at a time in this process: the others wait their turn (each is short), memory stays bounded. */
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const turn = queue.then(run, run);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * The photo as it may be stored: unchanged when it already fits (a JPEG or PNG within 1 MB and MAX_IMAGE_PIXELS),
 * else a JPEG made to fit, or the message saying why it cannot be (unreadable, too many pixels, not small enough).
 */
export function fitPhoto(input: Buffer, heic: boolean): Promise<PhotoFit> {
  return oneAtATime(() => fit(input, heic));
}

function unreadable(heic: boolean): PhotoFit {
  return { kind: 'refused', message: heic ? FIT_MESSAGES.heicUnreadable : FIT_MESSAGES.unreadable };
}

async function fit(input: Buffer, heic: boolean): Promise<PhotoFit> {
  let width: number;
  let height: number;
  try {
    // The header only: dimensions, before a pixel is decoded (so the pixel limit is checked here, and said as such).
    const meta = await sharp(input, { ...decodeOptions, limitInputPixels: false }).metadata();
    if (!meta.format || !PHOTO_FORMATS.has(meta.format)) return unreadable(heic);
    ({ width, height } = meta.autoOrient);
  } catch {
    return unreadable(heic);
  }
  if (!width || !height) return unreadable(heic);
  if (width * height > FIT_INPUT_MAX_PIXELS)
    return { kind: 'refused', message: FIT_MESSAGES.tooManyPixels(width, height), params: { width, height } };
  if (!needsFitting(input.length, width, height, !heic)) return { kind: 'unchanged' };

  const attempts = [...fitAttempts(width, height)];
  const first = attempts[0]!;
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decoded and scaled once (libvips shrinks a JPEG while decoding it), white under any transparency as in the
    // browser; each attempt below only scales this further and encodes.
    pixels = await sharp(input, decodeOptions)
      .timeout({ seconds: FIT_TIMEOUT_SECONDS })
      .resize(first.width, first.height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return unreadable(heic);
  }
  const { data, info } = pixels;
  for (const attempt of attempts) {
    const scaled = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
      limitInputPixels: MAX_IMAGE_PIXELS,
    });
    if (attempt.width !== info.width || attempt.height !== info.height) scaled.resize(attempt.width, attempt.height, { fit: 'fill' });
    const jpeg = await scaled
      .timeout({ seconds: FIT_TIMEOUT_SECONDS })
      .jpeg({ quality: Math.round(attempt.quality * 100) })
      .toBuffer();
    if (jpeg.length <= FILE_MAX_BYTES) return { kind: 'fitted', jpeg, width: attempt.width, height: attempt.height };
  }
  return { kind: 'refused', message: FILE_MESSAGES.imageUnfit };
}

/** The long side of a preview: small enough for a phone's upload box, large enough to tell the page is legible. */
export const PREVIEW_LONG_SIDE = 480;

/**
 * A small JPEG of a stored photo (one the store holds within MAX_IMAGE_PIXELS), for its owner's upload box; null
 * when it cannot be read. Re-encoded, so what the browser shows is never the bytes an applicant sent.
 */
export function photoPreview(stored: Buffer): Promise<Buffer | null> {
  return oneAtATime(() =>
    sharp(stored, { ...decodeOptions, limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout({ seconds: FIT_TIMEOUT_SECONDS })
      .resize(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer()
      .catch(() => null),
  );
}
