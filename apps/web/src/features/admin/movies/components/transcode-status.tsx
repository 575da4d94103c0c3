import type { VideoAsset } from '@salomtv/contract';
import { formatDuration } from '../../../../shared/i18n/format';
import { formatBytes } from '../../../../shared/ui/format-bytes';
import { ProgressBar } from './progress-bar';

/** Where the pipeline is with one video or trailer: queued, transcoding (percent), ready, or failed (why). */
export function TranscodeStatus({ id, asset, label }: { id: string; asset: VideoAsset; label: string }) {
  return (
    <div
      className="flex flex-col gap-2 text-sm"
      role="status"
      aria-live="polite"
      data-testid={`${id}-transcode`}
      data-status={asset.status}
    >
      {asset.status === 'queued' ? <p className="text-muted">Queued for transcoding…</p> : null}
      {asset.status === 'processing' ? (
        <>
          <p className="text-muted">Transcoding into HLS…</p>
          <ProgressBar value={asset.progress} label={`${label} transcode`} tone="info" />
        </>
      ) : null}
      {asset.status === 'ready' ? (
        <p>
          <span className="font-semibold text-success">Ready</span>
          <span className="text-muted">
            {' · '}
            {asset.renditions.map((height) => `${height}p`).join(', ') || 'no renditions'}
            {' · '}
            {formatDuration(asset.duration, 'en', { precise: true }) || '—'}
            {asset.width && asset.height ? ` · source ${asset.width}×${asset.height}` : ''}
            {' · '}
            {formatBytes(asset.size)}
          </span>
        </p>
      ) : null}
      {asset.status === 'failed' ? (
        <p className="rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-danger">
          <span className="font-semibold">Transcoding failed.</span> {asset.error ?? 'No reason was given.'}
        </p>
      ) : null}
    </div>
  );
}
