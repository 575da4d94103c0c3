import type { Movie, StoredImage } from '@salomtv/contract';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { type ImageSlot, uploadImage } from '../api/upload-image';
import { percentOf } from '../lib/format';
import { ProgressBar } from './progress-bar';

interface ImagePickerProps {
  id: string;
  slot: ImageSlot;
  label: string;
  hint: string;
  movieId: number;
  episodeId?: number;
  image: StoredImage | null;
  onUploaded: (movie: Movie) => void;
  compact?: boolean;
}

type Progress = { phase: 'idle' | 'uploading' | 'done' | 'error'; percent: number; error?: string };

/** A thumbnail or banner: uploads as soon as a file is chosen (never before), with a percent bar and preview. */
export function ImagePicker({
  id,
  slot,
  label,
  hint,
  movieId,
  episodeId,
  image,
  onUploaded,
  compact = false,
}: ImagePickerProps) {
  const [progress, setProgress] = useState<Progress>({ phase: 'idle', percent: 0 });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ phase: 'uploading', percent: 0 });
    try {
      const movie = await uploadImage({
        slot,
        movieId,
        episodeId,
        file,
        signal: controller.signal,
        onProgress: (loaded, total) => setProgress({ phase: 'uploading', percent: percentOf(loaded, total) }),
      });
      setProgress({ phase: 'done', percent: 100 });
      onUploaded(movie);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress({
        phase: 'error',
        percent: 0,
        error: error instanceof Error ? error.message : 'The upload failed',
      });
    }
  };

  const frame = slot === 'banner' ? 'aspect-video' : 'aspect-[2/3]';
  const width = compact ? 'w-20' : slot === 'banner' ? 'w-full' : 'w-40';
  return (
    <div className="flex flex-col gap-3" data-testid={`${id}-picker`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <span className="text-xs text-muted">{hint}</span>
      </div>
      <div className={`${frame} ${width} overflow-hidden rounded-md border border-border bg-surface-2`}>
        {image ? (
          <img
            src={image.url}
            srcSet={image.srcset}
            sizes={slot === 'banner' ? '(min-width: 1024px) 40vw, 90vw' : '160px'}
            alt={`${label} preview`}
            className="size-full object-cover"
          />
        ) : (
          <div className="grid size-full place-items-center p-2 text-center text-xs text-muted">
            No {label.toLowerCase()} yet
          </div>
        )}
      </div>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={choose}
        disabled={progress.phase === 'uploading'}
        className="block w-full text-sm text-muted file:me-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:text-sm file:font-semibold file:text-text hover:file:border-muted disabled:opacity-50"
      />
      {progress.phase === 'uploading' || progress.phase === 'done' ? (
        <ProgressBar
          value={progress.percent}
          label={`${label} upload`}
          tone={progress.phase === 'done' ? 'success' : 'brand'}
        />
      ) : null}
      {progress.phase === 'error' ? <Alert>{progress.error}</Alert> : null}
    </div>
  );
}
