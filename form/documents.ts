/**
 * Rules for document answers (§5 "File upload", §9): limits, accepted types and the exact messages.
 * Pure data and functions: the upload island checks with them before sending, the server and the
 * conversion worker check again with them (neither the browser nor the object store is trusted).
 */

export const FILE_MAX_BYTES = 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 32;
export const FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
/** The `accept` attribute of the file input; the server decides by content, never by this. */
export const FILE_ACCEPT =
  '.png,.jpeg,.jpg,.pdf,.docx,.heic,.heif,image/png,image/jpeg,image/heic,image/heif,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const FILE_MESSAGES = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  nameTooLong: `Your file name is too long. The maximum is ${FILE_NAME_MAX_LENGTH} characters including the extension.`,
  empty: 'Your file is empty. Please upload a non-empty file.',
  loginNeeded: 'This question can be finished once you have created an account.',
  deleteConfirm: 'Are you sure you want to delete your file?',
  /** Issue 26: a PDF or Word file over 1 MB cannot be shrunk in the browser; say what to do instead. */
  tooLargeDocument:
    'Your file is too large. The maximum file size is 1 MB. Please save it as a smaller PDF (for example with "Reduce file size", or scan it at a lower resolution), or send a photo of each page instead: photos are made to fit automatically.',
  /** Issue 26: an iPhone photo (HEIC) this browser cannot open. */
  heicUnreadable:
    'This photo is in HEIC format, which this browser cannot open. Please send it as a JPEG: on an iPhone, choose Settings > Camera > Formats > Most Compatible and take the photo again, or use Share > Save as JPEG (or take a screenshot of the photo) and upload that.',
  /** Issue 26: an image that could not be made small enough (or not read at all) in the browser. */
  imageUnfit:
    'We could not make this image smaller than 1 MB. Please take the photo again at a lower resolution, or save it as a PDF, and upload it again.',
} as const;

/**
 * The upload box's line under its control, by what the box holds (issue 26: once a file is in, it no longer says
 * "Choose a file or drop it here").
 */
export const UPLOAD_HINTS = {
  choose: 'Choose a file or drop it here: PNG, JPEG, PDF or Word (.docx), up to 1 MB.',
  busy: 'Please wait until your file has been uploaded and converted.',
  done: 'Your file was uploaded and converted to PDF. To send a different file, delete this one first.',
} as const;

/** Photos from phones: made to fit in the browser (islands/upload/fit-image.ts) before they go up. */
export const FITTABLE_IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'heic', 'heif'] as const;

export function isHeic(name: string): boolean {
  const ext = fileExtension(name);
  return ext === 'heic' || ext === 'heif';
}

/** §8: the toast shown when an upload or its conversion fails. */
export function uploadErrorTitle(key: string): string {
  return `Error uploading file for ${key}`;
}

/** §3 service view text for an attached document. */
export function documentAttachedText(key: string): string {
  return `Document attached for ${key}`;
}

/** Sizes with no decimals and no space (§5): 900B, 512KB, 1MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${Math.round(bytes / (1024 * 1024))}MB`;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The §5 message for a chosen file, or null when it may be uploaded. Order: most fundamental first. */
export function fileProblem(file: { name: string; size: number }, loggedIn: boolean): string | null {
  if (!loggedIn) return FILE_MESSAGES.loginNeeded;
  if (!(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return FILE_MESSAGES.wrongType;
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > FILE_MAX_BYTES)
    return ['pdf', 'docx'].includes(fileExtension(file.name)) ? FILE_MESSAGES.tooLargeDocument : FILE_MESSAGES.tooLarge;
  if (file.name.length > FILE_NAME_MAX_LENGTH) return FILE_MESSAGES.nameTooLong;
  return null;
}

export const CONVERSION_POLL_MS = 2000;
