import { MAX_POST_COVER_BYTES } from '@salomtv/contract';
import { type ChangeEvent, useState } from 'react';
import { useObjectUrl } from '../../../../shared/hooks/use-object-url';
import { Button } from '../../../../shared/ui/button';

interface CoverPickerProps {
  /** The saved cover's address, if any. */
  current: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  onRemoveSaved?: () => void;
  removing?: boolean;
  error?: string;
}

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** The cover image: a chosen file shows at once (it is uploaded with Save); a saved one can be removed. */
export function CoverPicker({ current, file, onFile, onRemoveSaved, removing, error }: CoverPickerProps) {
  const preview = useObjectUrl(file);
  const [tooBig, setTooBig] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const big = chosen.size > MAX_POST_COVER_BYTES;
    setTooBig(big);
    onFile(big ? null : chosen);
  };

  const shown = preview ?? current;
  const message = tooBig ? `Choose an image of at most ${MAX_POST_COVER_BYTES / 1024 / 1024} MB` : error;
  return (
    <div className="flex flex-col gap-3" data-testid="cover-picker">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor="post-cover" className="text-sm font-medium">
          Cover image
        </label>
        <span className="text-xs text-muted">PNG, JPEG or WebP, 16:9 looks best</span>
      </div>
      <div className="aspect-video w-full max-w-md overflow-hidden rounded-md border border-border bg-surface-2">
        {shown ? (
          <img src={shown} alt="Cover preview" className="size-full object-cover" />
        ) : (
          <div className="grid size-full place-items-center text-sm text-muted">No cover yet</div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="post-cover"
          type="file"
          accept={ACCEPT}
          onChange={choose}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'post-cover-error' : undefined}
          className="block max-w-full text-sm text-muted file:me-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:text-sm file:font-semibold file:text-text hover:file:border-muted"
        />
        {file ? (
          <Button variant="ghost" size="sm" onClick={() => onFile(null)}>
            Keep the {current ? 'current cover' : 'post without a cover'}
          </Button>
        ) : current && onRemoveSaved ? (
          <Button variant="ghost" size="sm" busy={removing} onClick={onRemoveSaved}>
            Remove cover
          </Button>
        ) : null}
      </div>
      {message ? (
        <p id="post-cover-error" role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
