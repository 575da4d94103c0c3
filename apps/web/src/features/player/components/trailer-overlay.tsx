import { type RefObject, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { PlayIcon } from '../../../shared/ui/icons';

/** Whether the video has played to its end (until it plays or seeks again). */
function useEnded(videoRef: RefObject<HTMLVideoElement | null>, src: string | null): boolean {
  const [ended, setEnded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source starts from the beginning
  useEffect(() => {
    setEnded(false);
    const video = videoRef.current;
    if (!video) return;
    const onEnded = () => setEnded(true);
    const onAgain = () => setEnded(false);
    video.addEventListener('ended', onEnded);
    video.addEventListener('play', onAgain);
    video.addEventListener('seeking', onAgain);
    return () => {
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('play', onAgain);
      video.removeEventListener('seeking', onAgain);
    };
  }, [videoRef, src]);
  return ended;
}

/**
 * Over a player showing a trailer: a "Trailer" label while it plays, so it is never taken for the title. For a
 * signed-out visitor, when the trailer ends (or when there is none to play), a card with the two ways to the
 * title: Sign In (back here after) and Start free trial.
 */
export function TrailerOverlay({
  videoRef,
  src,
  trailer,
  signedIn,
  title,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** What the player plays (null: nothing). */
  src: string | null;
  /** Whether that is the title's trailer. */
  trailer: boolean;
  signedIn: boolean;
  title: string;
}) {
  const t = useT();
  const location = useLocation();
  const ended = useEnded(videoRef, src);
  const showCard = !signedIn && ((trailer && ended) || !src);
  if (!trailer && !showCard) return null;
  // Back here after signing in, for the title itself rather than its trailer.
  const search = new URLSearchParams(location.search);
  search.delete('trailer');
  const back = `${location.pathname}${search.size > 0 ? `?${search}` : ''}`;
  return (
    <>
      {trailer && !showCard ? (
        <p
          className="pointer-events-none absolute start-3 top-3 rounded bg-black/75 px-3 py-1 text-sm font-semibold uppercase tracking-wide text-white"
          data-testid="trailer-badge"
        >
          {t('trailer_badge')}
        </p>
      ) : null}
      {showCard ? (
        <section
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black/80 p-4 text-center text-white"
          aria-labelledby="trailer-end-text"
          data-testid="trailer-end"
        >
          <p id="trailer-end-text" className="max-w-md text-base sm:text-lg">
            {src ? fill(t('trailer_ended'), { title }) : t('sign_in_to_watch')}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={`/signin?next=${encodeURIComponent(back)}`} className={buttonClasses('primary', 'md')}>
              {t('sign_in')}
            </Link>
            <Link to="/signupotp" className={buttonClasses('secondary', 'md')}>
              {t('start_free_trial')}
            </Link>
          </div>
          {src ? (
            <button
              type="button"
              className="inline-flex items-center gap-2 text-sm text-white/80 underline-offset-4 hover:text-white hover:underline"
              onClick={() => {
                const video = videoRef.current;
                if (!video) return;
                video.currentTime = 0;
                void video.play();
              }}
            >
              <PlayIcon className="size-4" />
              {t('watch_trailer')}
            </button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
