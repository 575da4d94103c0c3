import { CSRF_HEADER, TUS_ENDPOINT } from '@salomtv/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, defaultOptions, type PreviousUpload, Upload } from 'tus-js-client';
import { api } from '../../../../shared/api/api-client';
import { parseErrorReply } from '../../../../shared/api/api-error';
import { percentOf } from '../lib/format';
import { currentCsrfToken } from './csrf-token';

export type VideoKind = 'video' | 'trailer';
export type UploadKind = VideoKind | 'audio';

export interface UploadTarget {
  movieId: number;
  kind: UploadKind;
  episodeId?: number;
  /** An audio track's language code (`kind` `audio`). */
  language?: string;
  /** An audio track's label (`kind` `audio`); the server names it after the language when empty. */
  label?: string;
}

export interface UploadState {
  phase: 'idle' | 'uploading' | 'paused' | 'done' | 'error';
  fileName: string;
  sent: number;
  total: number;
  percent: number;
  /** True when the upload continued one that an earlier page (or a dropped connection) left unfinished. */
  resumed: boolean;
  error?: string;
  /** The server's message per field of a refusal (`file` when the file itself was refused). */
  fields?: Record<string, string>;
  /** The connection failed (Resume may continue); a refusal by the server needs another file. */
  retryable?: boolean;
}

const IDLE: UploadState = { phase: 'idle', fileName: '', sent: 0, total: 0, percent: 0, resumed: false };
/** Each PATCH carries at most this much, so a dropped connection loses little. */
const CHUNK_BYTES = 16 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

const metadataOf = (target: UploadTarget, file: File) => ({
  movie_id: String(target.movieId),
  kind: target.kind,
  filename: file.name,
  filetype: file.type,
  ...(target.episodeId !== undefined ? { episode_id: String(target.episodeId) } : {}),
  ...(target.language ? { language: target.language } : {}),
  ...(target.label?.trim() ? { label: target.label.trim() } : {}),
});

const sameTarget = (metadata: Record<string, string>, target: UploadTarget) =>
  metadata.movie_id === String(target.movieId) &&
  metadata.kind === target.kind &&
  (metadata.episode_id ?? '') === (target.episodeId === undefined ? '' : String(target.episodeId));

/** A failure without an answer, or a server error: trying again may work. */
const isRetryable = (error: Error) =>
  !(error instanceof DetailedError) ||
  !error.originalResponse ||
  error.originalResponse.getStatus() >= 500 ||
  error.originalResponse.getStatus() === 0;

/** The `{ error }` reply of the server inside a tus failure, when there is one. */
function tusErrorReply(error: Error) {
  if (!(error instanceof DetailedError) || !error.originalResponse) return undefined;
  try {
    return parseErrorReply(JSON.parse(error.originalResponse.getBody()));
  } catch {
    return undefined;
  }
}

/** The server's JSON error message inside a tus failure, or tus's own words. */
export function tusErrorMessage(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus();
    const parsed = tusErrorReply(error);
    if (parsed) {
      const fields = Object.values(parsed.error.fields ?? {});
      return [parsed.error.message, ...fields].join('. ');
    }
    if (status === 413) return 'The file is larger than the server accepts';
    if (status === 403) return 'Your session cannot upload here (sign in as an admin again)';
    return `The upload failed with status code ${status}`;
  }
  if (error instanceof DetailedError) return 'Network error: the upload stopped. Press Resume to continue.';
  return error.message;
}

/**
 * A resumable video, trailer or audio track upload through tus (`/api/uploads/`, CSRF header on every
 * request): percent progress, pause and resume, and an unfinished upload continues where it stopped when the
 * same file is chosen again, even after a reload (tus-js-client keeps the upload address in localStorage by
 * fingerprint).
 */
export function useResumableUpload(target: UploadTarget, onUploaded: () => void) {
  const { movieId, kind, episodeId, language, label } = target;
  const uploadRef = useRef<Upload | null>(null);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);
  const [state, setState] = useState<UploadState>(IDLE);
  const [interrupted, setInterrupted] = useState<PreviousUpload | null>(null);

  useEffect(() => {
    let live = true;
    const here = { movieId, kind, episodeId };
    defaultOptions.urlStorage
      .findAllUploads()
      .then((uploads) => {
        if (live) setInterrupted(uploads.find((upload) => sameTarget(upload.metadata, here)) ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [movieId, kind, episodeId]);

  // Leaving the page stops sending but keeps the upload on the server, ready to be resumed.
  useEffect(
    () => () => {
      void uploadRef.current?.abort();
    },
    [],
  );

  const start = useCallback(
    async (file: File) => {
      const here = { movieId, kind, episodeId, language, label };
      await uploadRef.current?.abort();
      await api.csrfToken();
      const upload = new Upload(file, {
        endpoint: TUS_ENDPOINT,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: metadataOf(here, file),
        fingerprint: async (chosen: File) =>
          [
            'salomtv',
            here.movieId,
            here.kind,
            here.episodeId ?? 0,
            // The same sound file chosen for another language is another track.
            ...(here.kind === 'audio' ? [here.language ?? '', here.label?.trim() ?? ''] : []),
            chosen.name,
            chosen.size,
            chosen.lastModified,
          ].join(':'),
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request) => request.setHeader(CSRF_HEADER, currentCsrfToken()),
        onProgress: (sent, total) => {
          if (uploadRef.current !== upload) return;
          setState((previous) => ({ ...previous, sent, total, percent: percentOf(sent, total) }));
        },
        onSuccess: () => {
          if (uploadRef.current !== upload) return;
          setState((previous) => ({ ...previous, phase: 'done', sent: file.size, percent: 100 }));
          setInterrupted(null);
          onUploadedRef.current();
        },
        onError: (error) => {
          if (uploadRef.current !== upload) return;
          setState((previous) => ({
            ...previous,
            phase: 'error',
            error: tusErrorMessage(error),
            fields: tusErrorReply(error)?.error.fields,
            retryable: isRetryable(error),
          }));
        },
      });
      uploadRef.current = upload;
      setState({ ...IDLE, phase: 'uploading', fileName: file.name, total: file.size });
      let previous: PreviousUpload[] = [];
      try {
        previous = await upload.findPreviousUploads();
      } catch {
        previous = [];
      }
      if (uploadRef.current !== upload) return;
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) {
        upload.resumeFromPreviousUpload(latest);
        setState((current) => ({ ...current, resumed: true }));
      }
      upload.start();
    },
    [movieId, kind, episodeId, language, label],
  );

  const pause = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    void upload.abort();
    setState((previous) => (previous.phase === 'uploading' ? { ...previous, phase: 'paused' } : previous));
  }, []);

  const resume = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    setState((previous) => ({ ...previous, phase: 'uploading', error: undefined, fields: undefined }));
    upload.start();
  }, []);

  return { state, start, pause, resume, interrupted };
}
