// No zod here: the browse pages' first chunks build their hero slide with it, before any schema is needed.
import type { TitleCard } from './catalog.js';
import { formatDuration } from './formats.js';
import { ratingText } from './translate.js';
import type { TranslationKey } from './translation-keys.js';

/**
 * What the home page's hero slide says about a title, as text (empty where unknown): the web's slide renders
 * it, and the server paints the same words in `/home`'s first answer (server plugins/web-app.ts).
 */
export interface HeroTexts {
  title: string;
  age_rating: string;
  runtime: string;
  year: string;
  genres: string;
  summary: string;
}

export function heroTextsOf(
  card: Pick<TitleCard, 'title' | 'age_rating' | 'duration' | 'year' | 'genres' | 'summary'>,
  locale: string,
  t: (key: TranslationKey) => string,
): HeroTexts {
  return {
    title: card.title,
    age_rating: ratingText(card.age_rating, t),
    runtime: formatDuration(card.duration, locale),
    year: card.year ? String(card.year) : '',
    genres: card.genres.slice(0, 3).join(' · '),
    summary: card.summary,
  };
}
