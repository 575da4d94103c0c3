import { MAX_FLAG_BYTES } from '@salomtv/contract';
import { type ChangeEvent, useState } from 'react';
import { useObjectUrl } from '../../../../shared/hooks/use-object-url';
import { describedBy, Field } from '../../../../shared/ui/field';
import { inputIdOf } from './form-layout';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';

/** The flag file input with a preview of the chosen (or current) image. */
export function FlagPicker({ current, error }: { current: string | null; error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [localError, setLocalError] = useState<string | undefined>();
  const id = inputIdOf('flag');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && chosen.size > MAX_FLAG_BYTES) {
      setLocalError(`At most ${Math.round(MAX_FLAG_BYTES / 1024)} KB`);
      event.target.value = '';
      setFile(null);
      return;
    }
    setLocalError(undefined);
    setFile(chosen);
  };
  const shown = preview ?? current;
  const message = localError ?? error;
  const hint = 'PNG, JPEG, WebP or SVG, at most 1 MB';

  return (
    <Field id={id} label="Flag" error={message} hint={hint}>
      <div className="flex items-center gap-4">
        <div className="flex h-16 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-2">
          {shown ? (
            <img
              src={shown}
              alt="Flag preview"
              className="h-full w-full object-cover"
              data-testid="flag-preview"
            />
          ) : (
            <span className="text-xs text-muted">No flag</span>
          )}
        </div>
        <input
          id={id}
          name="flag"
          type="file"
          accept={ACCEPT}
          onChange={onChange}
          className="block w-full text-sm text-muted file:me-3 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-text hover:file:bg-border"
          {...describedBy(id, message, hint)}
        />
      </div>
    </Field>
  );
}
