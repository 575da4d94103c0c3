import type { QueryClient } from '@tanstack/react-query';
import { hasSessionHint } from '../../../shared/api/session';
import { readStoredLanguage } from '../../../shared/i18n/language-storage';
import { continueWatchingQuery, libraryListQuery } from '../api/library-lists';
import { BrowsePage } from './browse-page';

/**
 * The calls a signed-in viewer's home starts with besides its rows (which its route starts at once), started by
 * its route as soon as this module is in (app/routing).
 */
export function startFirstCalls(queryClient: QueryClient): void {
  if (!hasSessionHint()) return;
  const lang = readStoredLanguage().keyword;
  void queryClient.prefetchQuery(libraryListQuery('favourites', lang));
  void queryClient.prefetchQuery(continueWatchingQuery(lang));
}

/** Home (/home, spec viewer 6): hero carousel, TV Thrillers, Your Favourites, Continue Watching, Featured… */
export function HomePage() {
  return <BrowsePage title="home" variant="home" />;
}
