import { t } from '../../contracts/i18n/page-text.js';
import { FILE_MAX_BYTES, FILE_MESSAGES, isHeic } from '../../form/documents.js';
import { fitAttempts, fittedName, fittedNote, needsFitting } from '../../form/photo-fit.js';

/**
 * Phone photos made to fit before they go up (issue 26): most are 2–5 MB, and HEIC on iPhones, while the
 * server stores at most 1 MB (§5) and refuses more than MAX_IMAGE_PIXELS. The browser decodes the photo
 * (createImageBitmap, which also reads HEIC where the platform can), scales it down and re-encodes it as
 * JPEG by the rules of form/photo-fit.ts (the server fits photos posted without scripts by the same ones).
 * The server's checks stay as they are. Loaded lazily by useDocumentUpload, only when an image is chosen.
 */

export type FitResult = { file: File; note: string | null } | { problem: string };

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
    if (!needsFitting(file.size, width, height, !heic)) return { file, note: null };
    for (const attempt of fitAttempts(width, height)) {
      const blob = await encode(bitmap, attempt.width, attempt.height, attempt.quality);
      if (!blob) return { problem: FILE_MESSAGES.imageUnfit };
      if (blob.size <= FILE_MAX_BYTES) {
        const fitted = new File([blob], fittedName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
        return {
          file: fitted,
          note: fittedNote({ heic, originalBytes: file.size, width: attempt.width, height: attempt.height, bytes: fitted.size }, t),
        };
      }
    }
    return { problem: FILE_MESSAGES.imageUnfit };
  } finally {
    bitmap.close();
  }
}
