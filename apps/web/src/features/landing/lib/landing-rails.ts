import type { CatalogRow, TitleCard } from '@salomtv/contract';

/**
 * The landing page's two rails from the catalogue's rows: Movies of this season (the newest films, else the newest
 * titles) and Popular movies and shows without the titles the first rail already shows, so the two are different
 * lists; only a catalogue whose every popular title is in the first rail shows them again.
 */
export function landingRails(rows: Pick<CatalogRow, 'id' | 'items'>[]): {
  season: TitleCard[];
  popular: TitleCard[];
} {
  const row = (id: string) => rows.find((r) => r.id === id)?.items ?? [];
  const movies = row('kind:movie');
  const season = movies.length ? movies : row('new').length ? row('new') : row('featured');
  const shown = new Set(season.map((card) => card.movie_id));
  const others = row('popular').filter((card) => !shown.has(card.movie_id));
  return { season, popular: others.length ? others : row('popular') };
}
