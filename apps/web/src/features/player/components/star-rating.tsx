import { useQuery } from '@tanstack/react-query';
import { ratingsQuery, useSignedIn } from '../../../shared/api/library';
import { useLanguage } from '../../../shared/i18n/language-context';
import { StarIcon } from '../../../shared/ui/icons';
import { useRate } from '../api/viewing-api';

/** The average rating and its count, and the viewer's own 1-5 stars (POST /api/ratings). */
export function StarRating({ movieId }: { movieId: number }) {
  const { t, plural } = useLanguage();
  const signedIn = useSignedIn();
  const ratings = useQuery(ratingsQuery(movieId)).data;
  const rate = useRate(movieId);
  const mine = rate.variables ?? ratings?.mine ?? 0;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="ratings">
      <span className="inline-flex items-center gap-1 font-semibold">
        <StarIcon filled className="size-4 text-focus" />
        <span data-testid="rating-average">
          {ratings?.count && ratings.average != null ? ratings.average.toFixed(1) : '–'}
        </span>
        <span className="text-sm font-normal text-muted">
          ({plural('ratings_count', ratings?.count ?? 0)})
        </span>
      </span>
      {signedIn ? (
        <fieldset className="flex items-center gap-0.5">
          <legend className="sr-only">{t('your_rating')}</legend>
          {[1, 2, 3, 4, 5].map((stars) => (
            <button
              key={stars}
              type="button"
              aria-pressed={stars <= mine}
              aria-label={plural('rate_stars', stars)}
              onClick={() => rate.mutate(stars)}
              className="rounded p-0.5 text-muted hover:text-focus aria-pressed:text-focus"
            >
              <StarIcon filled={stars <= mine} className="size-5" />
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
