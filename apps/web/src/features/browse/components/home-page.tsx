import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { browseFilters } from '../../../shared/api/catalog';
import { useProfiles } from '../../../shared/api/profiles';
import { hasSessionHint, roleQuery } from '../../../shared/api/session';
import { useT } from '../../../shared/i18n/language-context';
import { readStoredLanguage } from '../../../shared/i18n/language-storage';
import { continueWatchingQuery, libraryListQuery } from '../api/library-lists';
import { BrowsePage } from './browse-page';
import { RowsPlaceholder } from './rows-placeholder';

/**
 * The calls a signed-in viewer's home starts with besides its rows and lists (which its route starts at once),
 * started by its route as soon as this module is in (app/routing).
 */
export function startFirstCalls(queryClient: QueryClient): void {
  if (!hasSessionHint()) return;
  const lang = readStoredLanguage().keyword;
  void queryClient.prefetchQuery(libraryListQuery('favourites', lang));
  void queryClient.prefetchQuery(continueWatchingQuery(lang));
}

/**
 * Home (/home, spec viewer 6): hero carousel, TV Thrillers, Your Favourites, Continue Watching, Featured… A kids
 * profile's home is the kids layout: its own rows, then the kids section's, with bigger art.
 */
export function HomePage() {
  const t = useT();
  const signedIn = Boolean(useQuery(roleQuery()).data);
  const profiles = useProfiles();
  const current = profiles.data?.profiles.find((profile) => profile.profile_id === profiles.data?.current);
  // Which layout is known once the profile is (the server's first paint stays meanwhile).
  if (signedIn && profiles.isPending) return <RowsPlaceholder label={t('loading')} />;
  if (current?.kids) return <BrowsePage title="home" filters={browseFilters.kids} variant="kids" />;
  return <BrowsePage title="home" variant="home" />;
}
