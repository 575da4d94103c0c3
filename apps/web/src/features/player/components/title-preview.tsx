import type { TitleDetails } from '@salomtv/contract';
import { useEffect, useRef } from 'react';
import { useAutoplayPreviews } from '../../../shared/api/profiles';
import { useT } from '../../../shared/i18n/language-context';
import { PlayIcon } from '../../../shared/ui/icons';
import { attachSource } from '../lib/attach-source';

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The trailer, muted and looping, under the details (never the title itself, so nothing is saved). */
function MutedTrailer({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    void attachSource(video, src).then((attached) => {
      if (cancelled) attached.destroy();
      else {
        destroy = attached.destroy;
        void video.play().catch(() => undefined);
      }
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src]);
  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      aria-hidden
      tabIndex={-1}
      className="absolute inset-0 size-full object-cover"
      data-testid="popup-preview-video"
    />
  );
}

/**
 * The popup's frame before the viewer presses Play: a muted preview (the trailer, or a still where there is
 * none, or where the profile turned previews off), with Play (or Resume, and which episode) over it.
 */
export function TitlePreview({
  details,
  playLabel,
  playDetail,
  onPlay,
  onOpenFullPlayer,
}: {
  details: TitleDetails;
  playLabel: string;
  /** Under the label: which episode plays. */
  playDetail: string | undefined;
  onPlay: () => void;
  onOpenFullPlayer: (() => void) | undefined;
}) {
  const t = useT();
  const previews = useAutoplayPreviews();
  const still = details.banner ?? details.poster ?? details.thumbnail;
  const trailer = previews && !reducedMotion() ? details.trailer : null;
  return (
    <div
      className="relative aspect-video max-h-[60dvh] w-full overflow-hidden bg-black"
      data-testid="popup-preview"
      data-preview={trailer ? 'trailer' : 'still'}
    >
      {still ? (
        <img
          src={still.url}
          srcSet={still.srcset}
          sizes="(min-width: 64rem) 64rem, 100vw"
          alt=""
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
      {trailer ? (
        <>
          <MutedTrailer src={trailer} />
          <p className="pointer-events-none absolute start-3 top-3 rounded bg-black/75 px-3 py-1 text-sm font-semibold uppercase tracking-wide text-white">
            {t('trailer_badge')}
          </p>
        </>
      ) : null}
      <div className="absolute inset-0 flex items-end bg-gradient-to-t from-black/85 via-black/20 to-transparent p-3 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={onPlay}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-strong"
            data-testid="popup-play"
          >
            <PlayIcon className="size-5" />
            <span className="flex flex-col items-start leading-tight">
              <span>{playLabel}</span>
              {playDetail ? <span className="text-xs font-normal opacity-90">{playDetail}</span> : null}
            </span>
          </button>
          {onOpenFullPlayer ? (
            <button
              type="button"
              onClick={onOpenFullPlayer}
              className="inline-flex min-h-11 items-center rounded-md border border-white/60 bg-black/40 px-4 py-2 text-sm font-semibold text-white hover:bg-black/70"
              data-testid="open-full-player"
            >
              {t('open_full_player')}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
