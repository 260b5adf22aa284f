import { t } from '../../contracts/i18n/page-text.js';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH, formatFileSize, isHeic } from '../../form/documents.js';
import { MAX_IMAGE_PIXELS } from '../../form/limits.js';

/**
 * Phone photos made to fit before they go up (issue 26): most are 2–5 MB, and HEIC on iPhones, while the
 * server stores at most 1 MB (§5) and refuses more than MAX_IMAGE_PIXELS. The browser decodes the photo
 * (createImageBitmap, which also reads HEIC where the platform can), scales it down and re-encodes it as
 * JPEG, stepping quality and then size down until it fits. The server's checks stay as they are.
 * Loaded lazily by useDocumentUpload, only when an image is chosen.
 */

export type FitResult = { file: File; note: string | null } | { problem: string };

/** The long side a document photo needs to stay legible when printed on a page. */
const MAX_LONG_SIDE = 3000;
const QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;
/** Each round that still does not fit shrinks the sides by this much. */
const SHRINK = 0.8;
const MIN_LONG_SIDE = 600;

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name) || 'photo';
  return `${base.slice(0, FILE_NAME_MAX_LENGTH - 4)}.jpg`;
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    // White under transparency: JPEG has no alpha, and a PNG's transparent margins would turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * The file to upload: the chosen one when it already fits, else a JPEG made to fit with a sentence saying
 * what was done, or the problem to show when the image cannot be read or made small enough.
 */
export async function fitImage(file: File): Promise<FitResult> {
  const heic = isHeic(file.name) || /image\/hei[cf]/i.test(file.type);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not an image the browser can read: HEIC gets its way out; anything else is left to the usual checks.
    return heic ? { problem: FILE_MESSAGES.heicUnreadable } : { file, note: null };
  }
  try {
    const { width, height } = bitmap;
    const pixels = width * height;
    if (!heic && file.size <= FILE_MAX_BYTES && pixels <= MAX_IMAGE_PIXELS) return { file, note: null };
    let scale = Math.min(1, MAX_LONG_SIDE / Math.max(width, height), Math.sqrt(MAX_IMAGE_PIXELS / pixels));
    for (;;) {
      const w = Math.max(1, Math.round(width * scale));
      const h = Math.max(1, Math.round(height * scale));
      for (const quality of QUALITIES) {
        const blob = await encode(bitmap, w, h, quality);
        if (!blob) return { problem: FILE_MESSAGES.imageUnfit };
        if (blob.size <= FILE_MAX_BYTES) {
          const fitted = new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
          const what = heic
            ? t('Your iPhone photo was converted to JPEG')
            : t('Your photo was {{size}}, so we made it smaller', { size: formatFileSize(file.size) });
          return {
            file: fitted,
            note: t('{{what}}: {{width}} × {{height}} pixels, {{size}}, to fit the 1 MB limit. Check that it is still easy to read.', {
              what,
              width: w,
              height: h,
              size: formatFileSize(fitted.size),
            }),
          };
        }
      }
      if (Math.max(w, h) * SHRINK < MIN_LONG_SIDE) return { problem: FILE_MESSAGES.imageUnfit };
      scale *= SHRINK;
    }
  } finally {
    bitmap.close();
  }
}
