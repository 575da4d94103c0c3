import type { TitleStatus } from '@salomtv/contract';
import { ProgressBar } from './progress-bar';

const colours: Record<TitleStatus, string> = {
  draft: 'bg-surface-2 text-muted border-border',
  processing: 'bg-sky-500/15 text-text border-sky-500/40',
  ready: 'bg-focus/15 text-focus border-focus/40',
  published: 'bg-success/15 text-success border-success/40',
  failed: 'bg-danger/15 text-danger border-danger/40',
  archived: 'bg-transparent text-muted border-border',
};

const badge = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize';

interface StatusBadgeProps {
  status: TitleStatus;
  /** Transcode percent while processing. */
  progress?: number | null;
  /** Why it failed (ffmpeg's reason). */
  reason?: string | null;
}

/** A title's status; processing shows its transcode percent, failed opens to its reason. */
export function StatusBadge({ status, progress, reason }: StatusBadgeProps) {
  if (status === 'failed' && reason) {
    return (
      <details className="group max-w-64" data-testid="status-badge" data-status={status}>
        <summary className={`${badge} ${colours.failed} cursor-pointer list-none`} title={reason}>
          failed <span className="ms-1 text-[10px] group-open:rotate-180">▾</span>
        </summary>
        <p className="mt-1 break-words text-xs text-danger">{reason}</p>
      </details>
    );
  }
  return (
    <div
      className={`flex flex-col gap-1 ${status === 'processing' ? 'min-w-28' : ''}`}
      data-testid="status-badge"
      data-status={status}
    >
      <span className={`${badge} ${colours[status]} self-start`}>{status}</span>
      {status === 'processing' ? (
        <ProgressBar value={progress ?? 0} label="Transcode progress" tone="info" />
      ) : null}
    </div>
  );
}
