import { useQuery } from '@tanstack/react-query';
import { similarQuery } from '../../../shared/api/catalog';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { PlayIcon } from '../../../shared/ui/icons';

/** What follows the end of a film (or of a series' last episode): watch it again, or one of More like this. */
export function PostPlay({
  movieId,
  onWatchAgain,
  onOpen,
}: {
  movieId: number;
  onWatchAgain: () => void;
  onOpen: (movieId: number) => void;
}) {
  const t = useT();
  const similar = useQuery(similarQuery(movieId, useKeyword())).data?.items ?? [];
  return (
    <section
      className="absolute inset-0 z-10 flex flex-col justify-center gap-3 overflow-y-auto bg-black/90 p-3 text-white @lg:gap-5 @lg:p-8"
      aria-labelledby="post-play-heading"
      data-testid="post-play"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="post-play-heading" className="text-lg font-bold @lg:text-2xl">
          {t('more_like_this')}
        </h2>
        <button
          type="button"
          onClick={onWatchAgain}
          className="inline-flex items-center gap-2 rounded-md border border-white/60 px-3 py-2 text-sm hover:bg-white/10"
        >
          <PlayIcon className="size-4" />
          {t('watch_again')}
        </button>
      </div>
      {similar.length > 0 ? (
        <ul className="flex gap-3 overflow-x-auto pb-1" data-testid="post-play-titles">
          {similar.slice(0, 8).map((card) => {
            const image = card.banner ?? card.thumbnail;
            return (
              <li key={card.movie_id} className="w-36 shrink-0 @lg:w-56">
                <button
                  type="button"
                  onClick={() => onOpen(card.movie_id)}
                  className="block w-full overflow-hidden rounded-md border border-white/20 bg-white/5 text-start hover:border-white/60"
                >
                  {image ? (
                    <img
                      src={image.url}
                      srcSet={image.srcset}
                      sizes="224px"
                      alt=""
                      loading="lazy"
                      className="aspect-video w-full object-cover"
                    />
                  ) : (
                    <span aria-hidden className="block aspect-video w-full bg-white/10" />
                  )}
                  <span dir="auto" className="block truncate p-2 text-sm font-semibold">
                    {card.title}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
