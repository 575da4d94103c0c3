import type { VideoAsset } from '@salomtv/contract';
import { type ChangeEvent, useCallback } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { formatBytes } from '../../../../shared/ui/format-bytes';
import { useRefreshMovie } from '../api/movie-detail';
import { useResumableUpload, type VideoKind } from '../api/resumable-upload';
import { TranscodeStatus } from './transcode-status';
import { UploadProgress } from './upload-progress';

interface VideoPickerProps {
  id: string;
  kind: VideoKind;
  label: string;
  movieId: number;
  episodeId?: number;
  asset: VideoAsset | null;
  compact?: boolean;
}

const ACCEPT = 'video/mp4,video/quicktime,video/x-matroska,video/webm,.mp4,.mov,.m4v,.mkv,.webm';

/**
 * A trailer or video: a resumable tus upload that starts when a file is chosen, with a percent bar, Pause and
 * Resume, then the transcode status and, once transcoded, the poster frame.
 */
export function VideoPicker({
  id,
  kind,
  label,
  movieId,
  episodeId,
  asset,
  compact = false,
}: VideoPickerProps) {
  const refresh = useRefreshMovie();
  const onUploaded = useCallback(() => refresh(movieId), [refresh, movieId]);
  const upload = useResumableUpload({ movieId, kind, episodeId }, onUploaded);
  const { state } = upload;
  const busy = state.phase === 'uploading' || state.phase === 'paused';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload.start(file);
  };

  return (
    <div className="flex flex-col gap-3" data-testid={`${id}-picker`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <span className="text-xs text-muted">MP4, MOV, MKV or WebM · resumable</span>
      </div>
      {compact ? null : (
        <div className="aspect-video w-full overflow-hidden rounded-md border border-border bg-surface-2">
          {asset?.poster ? (
            <img
              src={asset.poster.url}
              srcSet={asset.poster.srcset}
              sizes="(min-width: 1024px) 40vw, 90vw"
              alt={`${label} poster frame`}
              className="size-full object-cover"
            />
          ) : (
            <div className="grid size-full place-items-center p-4 text-center text-xs text-muted">
              {asset
                ? 'The poster frame appears once the video is transcoded'
                : `No ${label.toLowerCase()} yet`}
            </div>
          )}
        </div>
      )}
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        onChange={choose}
        disabled={busy}
        className="block w-full text-sm text-muted file:me-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:text-sm file:font-semibold file:text-text hover:file:border-muted disabled:opacity-50"
      />
      {upload.interrupted && state.phase === 'idle' ? (
        <Alert tone="info">
          An upload of {upload.interrupted.metadata.filename ?? 'a file'}
          {upload.interrupted.size ? ` (${formatBytes(upload.interrupted.size)})` : ''} stopped before it
          finished. Choose the same file to continue where it stopped.
        </Alert>
      ) : null}
      {state.phase !== 'idle' ? (
        <UploadProgress
          state={state}
          label={`${label} upload`}
          onPause={upload.pause}
          onResume={upload.resume}
        />
      ) : null}
      {state.phase === 'error' ? <Alert>{state.error}</Alert> : null}
      {asset && state.phase !== 'uploading' && state.phase !== 'paused' ? (
        <TranscodeStatus id={id} asset={asset} label={label} />
      ) : null}
    </div>
  );
}
