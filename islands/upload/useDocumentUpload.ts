import { useCallback, useEffect, useRef, useState } from 'react';
import { CONVERSION_POLL_MS, fileExtension, fileProblem, FITTABLE_IMAGE_EXTENSIONS, uploadErrorTitle } from '../../form/documents.js';
import { isPending, type DocumentStatus } from '../../contracts/statuses.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import { showError } from '../ui/toast-bus.js';
import { ApiError, UnauthorizedError } from '../ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/messages.js';
import { setUploadBusy } from './activity.js';
import {
  conversionStatus,
  deleteConversion,
  deleteDocumentAnswer,
  documentAnswersOnce,
  requestUpload,
  sendFile,
  startConversion,
} from './upload-api.js';

export type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'converting' | 'done';

export interface UploadState {
  phase: UploadPhase;
  /** 0..1 while uploading. */
  progress: number;
  fileName: string | null;
  fileSize: number | null;
  error: string | null;
  /** Counts status answers while converting, so each one schedules the next poll. */
  polls: number;
  /** What was done to the chosen photo to fit 1 MB (issue 26), said until another file is chosen. */
  note: string | null;
}

export interface UploadCallbacks {
  /** COMPLETED: mark the answer 'ANSWERED' (§4). */
  onAnswered?: (key: string) => void;
  /** FAILED, deleted or reset: clear the answer (§4). */
  onCleared?: (key: string) => void;
  /** The field's error message changed (null: cleared). */
  onError?: (key: string, message: string | null) => void;
  /** An upload or conversion started or ended (tabs must not switch meanwhile). */
  onBusyChange?: (key: string, busy: boolean) => void;
}

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : GENERIC_ERROR_MESSAGE;
}

/**
 * The upload of one document question: client checks (§5), presigned POST with progress, conversion
 * start, polling every 2000 ms while UNPROCESSED or IN_PROGRESS (§4), delete and reset.
 */
export function useDocumentUpload(
  key: string,
  isLoggedIn: boolean,
  initial: DocumentAnswer | null | undefined,
  callbacks: UploadCallbacks,
) {
  const [state, setState] = useState<UploadState>(() => ({
    phase: initial?.status === 'COMPLETED' ? 'done' : initial && isPending(initial.status) ? 'converting' : 'idle',
    progress: 0,
    fileName: initial?.file_name ?? null,
    fileSize: initial?.file_size ?? null,
    error: null,
    polls: 0,
    note: null,
  }));
  const cb = useRef(callbacks);
  cb.current = callbacks;
  const latest = useRef(state);
  latest.current = state;
  const alive = useRef(true);
  const abort = useRef<AbortController | null>(null);

  const update = useCallback((patch: Partial<UploadState>) => {
    if (alive.current) setState((s) => ({ ...s, ...patch }));
  }, []);

  const fail = useCallback(
    (message: string, toast: boolean) => {
      update({ phase: 'idle', progress: 0, error: message });
      cb.current.onError?.(key, message);
      cb.current.onCleared?.(key);
      if (toast) showError(message, uploadErrorTitle(key));
    },
    [key, update],
  );

  const applyStatus = useCallback(
    (status: DocumentStatus, message: string) => {
      if (status === 'COMPLETED') {
        update({ phase: 'done', error: null });
        cb.current.onAnswered?.(key);
      } else if (status === 'FAILED') fail(message, true);
      else if (status === 'NOT_ANSWERED') update({ phase: 'idle', fileName: null, fileSize: null });
      else if (alive.current) setState((s) => ({ ...s, phase: 'converting', polls: s.polls + 1 }));
    },
    [fail, key, update],
  );

  // Busy while bytes go up or the conversion is pending: tabs consult this.
  const busy = state.phase === 'uploading' || state.phase === 'converting';
  useEffect(() => {
    setUploadBusy(key, busy);
    cb.current.onBusyChange?.(key, busy);
  }, [busy, key]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      abort.current?.abort();
      setUploadBusy(key, false);
    };
  }, [key]);

  // §4: on page load, when logged in, the status is checked once per document question.
  useEffect(() => {
    if (!isLoggedIn) return;
    void (async () => {
      try {
        const view = await conversionStatus(key);
        // The name and size come with the profile (`initial`); without it, ask once for the page.
        if (view.status !== 'NOT_ANSWERED' && !initial) {
          const answer = (await documentAnswersOnce())[key];
          if (answer) update({ fileName: answer.file_name, fileSize: answer.file_size });
        }
        applyStatus(view.status, view.message);
      } catch (err) {
        if (!(err instanceof UnauthorizedError)) update({ error: messageOf(err) });
      }
    })();
    // Once per page load: `initial` is the server's snapshot and does not change afterwards.
  }, [applyStatus, isLoggedIn, key, update]);

  // §4: poll every 2000 ms while UNPROCESSED or IN_PROGRESS; any other status stops it.
  useEffect(() => {
    if (state.phase !== 'converting') return;
    const timer = setTimeout(() => {
      conversionStatus(key).then(
        (view) => applyStatus(view.status, view.message),
        (err) => {
          if (!(err instanceof UnauthorizedError)) fail(messageOf(err), true);
        },
      );
    }, CONVERSION_POLL_MS);
    return () => clearTimeout(timer);
  }, [applyStatus, fail, key, state.phase, state.polls]);

  /** Shows a §5 message on the field without touching what is stored. */
  const explain = useCallback(
    (message: string) => {
      update({ error: message });
      cb.current.onError?.(key, message);
    },
    [key, update],
  );

  const choose = useCallback(
    async (chosen: File) => {
      let file = chosen;
      let note: string | null = null;
      // What the field showed before the fitting step said "Making … fit 1 MB": any refusal after it puts it back.
      let before: Pick<UploadState, 'phase' | 'fileName' | 'fileSize'> | null = null;
      if (isLoggedIn && (FITTABLE_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(chosen.name)) && chosen.size > 0) {
        before = { phase: latest.current.phase, fileName: latest.current.fileName, fileSize: latest.current.fileSize };
        update({ phase: 'preparing', progress: 0, error: null, note: null, fileName: chosen.name, fileSize: chosen.size });
        // Loaded only now: most applicants never choose a large photo, and the form page's script stays small.
        const { fitImage } = await import('./fit-image.js');
        const fitted = await fitImage(chosen);
        if ('problem' in fitted) {
          // As for any refused file: what was uploaded before stays.
          update(before);
          return explain(fitted.problem);
        }
        ({ file, note } = fitted);
      }
      const problem = fileProblem(file, isLoggedIn);
      if (problem) {
        // A photo the fitting step passed on can still be refused (too long a name; too large when it could not be
        // decoded): without this the field kept saying "Please wait…" beside the error (issue 38).
        if (before) update(before);
        return explain(problem);
      }
      update({ phase: 'uploading', progress: 0, error: null, note, fileName: file.name, fileSize: file.size });
      cb.current.onError?.(key, null);
      const controller = new AbortController();
      abort.current = controller;
      try {
        const presigned = await requestUpload(key);
        await sendFile(presigned, file, (progress) => update({ progress }), controller.signal);
        update({ progress: 1 });
        const view = await startConversion(key, presigned.fields.key ?? '', file.name);
        applyStatus(view.status, view.message);
      } catch (err) {
        if ((err as Error).name === 'AbortError' || err instanceof UnauthorizedError) return;
        fail(err instanceof ApiError ? err.message : messageOf(err), true);
      }
    },
    [applyStatus, explain, fail, isLoggedIn, key, update],
  );

  /** Delete confirmed: the conversion and the document answer go (§7), the answer is cleared. */
  const remove = useCallback(async () => {
    try {
      await deleteConversion(key);
      await deleteDocumentAnswer(key);
      update({ phase: 'idle', fileName: null, fileSize: null, error: null, progress: 0, note: null });
      cb.current.onCleared?.(key);
      cb.current.onError?.(key, null);
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) showError(messageOf(err), uploadErrorTitle(key));
    }
  }, [key, update]);

  /** §8: on reset the error is cleared and the conversion deleted. */
  const reset = useCallback(async () => {
    update({ error: null, phase: 'idle', progress: 0, fileName: null, fileSize: null, note: null });
    cb.current.onError?.(key, null);
    if (isLoggedIn) await deleteConversion(key).catch(() => undefined);
  }, [isLoggedIn, key, update]);

  return { state, choose, explain, remove, reset };
}
