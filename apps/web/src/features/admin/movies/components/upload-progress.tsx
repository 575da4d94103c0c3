import { Button } from '../../../../shared/ui/button';
import { formatBytes } from '../../../../shared/ui/format-bytes';
import type { UploadState } from '../api/resumable-upload';
import { ProgressBar } from './progress-bar';

/** A resumable upload under way: the file, bytes sent, a progress bar named `label`, Pause and Resume. */
export function UploadProgress({
  state,
  label,
  onPause,
  onResume,
}: {
  state: UploadState;
  label: string;
  onPause: () => void;
  onResume: () => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="truncate text-xs text-muted">
        <bdi>{state.fileName}</bdi> · {formatBytes(state.sent)} of {formatBytes(state.total)}
        {state.resumed ? ' · resumed' : ''}
        {state.phase === 'paused' ? ' · paused' : ''}
        {state.phase === 'done' ? ' · uploaded' : ''}
      </p>
      <div className="flex items-center gap-2">
        <ProgressBar
          className="flex-1"
          value={state.percent}
          label={label}
          tone={state.phase === 'done' ? 'success' : state.phase === 'error' ? 'danger' : 'brand'}
        />
        {state.phase === 'uploading' ? (
          <Button variant="secondary" size="sm" onClick={onPause}>
            Pause
          </Button>
        ) : null}
        {state.phase === 'paused' || (state.phase === 'error' && state.retryable) ? (
          <Button variant="secondary" size="sm" onClick={onResume}>
            Resume
          </Button>
        ) : null}
      </div>
    </div>
  );
}
