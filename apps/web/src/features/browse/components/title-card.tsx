import { type TitleCard as Card, ratingText } from '@salomtv/contract';
import { type FocusEvent, lazy, Suspense, useState } from 'react';
import type { LibraryLists } from '../../../shared/api/library';
import { keepInPlace } from '../../../shared/hooks/keep-in-place';
import { useDurationFormat } from '../../../shared/i18n/format';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { CheckIcon, HeartIcon, LockIcon, PlayIcon, PlusIcon, VolumeIcon } from '../../../shared/ui/icons';
import { GROWING_CARD } from '../../../shared/ui/scroll-row';
import { useHoverPreview } from './hover-preview';
import { isPlanLocked } from './plan-lock';

// The preview's player loads with the first card a pointer rests on.
const CardPreview = lazy(() => import('./card-preview').then((m) => ({ default: m.CardPreview })));

/** The spec's card width (px). */
export const CARD_WIDTH = 200;
/** A kids profile's home shows bigger art. */
export const KIDS_CARD_WIDTH = 260;

export interface CardActions {
  onPlay: (card: Card) => void;
  onOpen: (card: Card) => void;
  /** The viewer's lists, read once for the page's cards. */
  lists: LibraryLists;
  /** Whether cards play their trailer previews (a profile can turn them off; every kids profile starts so). */
  previews: boolean;
}

// Never narrower than its 36 px: a squeezed icon is a target too small for a finger (WCAG 2.5.8).
const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-white/40 bg-black/60 text-white hover:border-white hover:bg-black/80 aria-pressed:border-brand aria-pressed:text-brand-strong';

/**
 * A title card: poster, title, age rating and runtime; the overlay has Play Now, volume, heart and plus. Resting
 * on it plays a muted trailer preview (the volume button unmutes it); a lock marks a title the plan lacks.
 */
export function TitleCard({
  card,
  actions,
  caption,
  progress,
  width = CARD_WIDTH,
}: {
  card: Card;
  actions: CardActions;
  caption?: string;
  /** How much of it the viewer has watched, 0..100: a bar along the poster's foot. */
  progress?: number | undefined;
  width?: number;
}) {
  const t = useT();
  const duration = useDurationFormat();
  const lists = actions.lists.of(card.movie_id);
  const [muted, setMuted] = useState(true);
  const upcoming = Boolean(card.release_date && card.release_date > new Date().toISOString().slice(0, 10));
  const image = card.thumbnail ?? card.banner;
  const preview = useHoverPreview(actions.previews ? card.trailer : null);
  const locked = isPlanLocked(card);
  const lockText = card.locked === 'upgrade' ? t('upgrade_to_watch') : t('subscribe_to_watch');
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) preview.stop();
  };
  return (
    <li
      className={`group relative shrink-0 snap-start overflow-hidden rounded-card border border-border bg-surface ${GROWING_CARD}`}
      style={{ width }}
      data-testid="title-card"
      data-movie-id={card.movie_id}
      data-locked={card.locked ?? undefined}
      onMouseEnter={preview.start}
      onMouseLeave={preview.stop}
      onFocus={preview.start}
      onBlur={onBlur}
    >
      <button
        type="button"
        className="block w-full text-start"
        onClick={() => actions.onOpen(card)}
        aria-label={card.title}
      >
        {image ? (
          <img
            src={image.url}
            srcSet={image.srcset}
            sizes={`${width}px`}
            width={width}
            height={width * 1.5}
            loading="lazy"
            decoding="async"
            alt=""
            className="aspect-[2/3] w-full object-cover"
          />
        ) : (
          <div
            aria-hidden
            className="flex aspect-[2/3] w-full items-center justify-center bg-surface-2 p-3 text-center text-lg font-bold text-muted"
          >
            {card.title}
          </div>
        )}
      </button>
      {progress !== undefined ? (
        <span
          className="pointer-events-none absolute inset-x-0 top-0 flex aspect-[2/3] items-end"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={fill(t('percent_watched'), { percent: progress })}
          data-testid="card-progress"
        >
          <span className="block h-1 w-full bg-white/30">
            <span className="block h-full bg-brand" style={{ width: `${progress}%` }} />
          </span>
        </span>
      ) : null}
      {preview.active && card.trailer ? (
        <Suspense fallback={null}>
          <CardPreview src={card.trailer} muted={muted} />
        </Suspense>
      ) : null}
      {locked ? (
        <span
          className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-black/75 px-2 py-1 text-xs font-semibold text-white"
          title={lockText}
          data-testid="card-lock"
        >
          <LockIcon className="size-3.5" />
          <span className="sr-only">{lockText}</span>
        </span>
      ) : null}
      <div className="p-3">
        <h3 dir="auto" className="truncate text-sm font-semibold">
          {card.title}
        </h3>
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
          {card.age_rating ? (
            <span className="rounded border border-border px-1">{ratingText(card.age_rating, t)}</span>
          ) : null}
          {caption ? (
            <span data-testid="card-caption">{caption}</span>
          ) : upcoming && card.release_date ? (
            <span>{fill(t('coming_on'), { date: card.release_date })}</span>
          ) : (
            <span>{duration(card.duration)}</span>
          )}
        </p>
      </div>
      <div className="pointer-events-none absolute inset-x-0 top-0 flex aspect-[2/3] items-end bg-gradient-to-t from-black/85 via-black/10 to-transparent p-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100">
        {/* Play Now takes the whole first line; the icons wrap to their own, each at its full size. */}
        <div className="pointer-events-none flex w-full flex-wrap items-center justify-center gap-1.5 group-focus-within:pointer-events-auto group-hover:pointer-events-auto pointer-coarse:pointer-events-auto">
          <button
            type="button"
            className="inline-flex h-9 basis-full items-center justify-center gap-1 rounded-full bg-brand px-2 text-xs font-semibold text-white hover:bg-brand-strong"
            onClick={() => actions.onPlay(card)}
            aria-label={`${upcoming ? t('watch_trailer') : t('play_now')}: ${card.title}`}
          >
            {locked && !upcoming ? <LockIcon className="size-4" /> : <PlayIcon className="size-4" />}
            <span className="truncate">{upcoming ? t('watch_trailer') : t('play_now')}</span>
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`${muted ? t('unmute') : t('mute')}: ${card.title}`}
            data-testid="card-volume"
            onClick={() => setMuted(!muted)}
          >
            <VolumeIcon level={muted ? 0 : 2} className="size-4" />
          </button>
          {lists.signedIn ? (
            <>
              <button
                type="button"
                className={iconButton}
                aria-pressed={lists.inFavourites}
                aria-label={`${lists.inFavourites ? t('remove_from_favourites') : t('add_to_favourites')}: ${card.title}`}
                onClick={(event) => {
                  keepInPlace(event.currentTarget);
                  lists.toggleFavourite();
                }}
              >
                <HeartIcon filled={lists.inFavourites} className="size-4" />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-pressed={lists.inWatchlist}
                aria-label={`${lists.inWatchlist ? t('remove_from_watch_list') : t('add_to_watch_list')}: ${card.title}`}
                onClick={(event) => {
                  keepInPlace(event.currentTarget);
                  lists.toggleWatchlist();
                }}
              >
                {lists.inWatchlist ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
              </button>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
