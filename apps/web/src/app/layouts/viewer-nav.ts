import type { ProfilesReply, TranslationKey } from '@salomtv/contract';
import { useQueries } from '@tanstack/react-query';
import { listQuery } from '../../shared/api/catalog';
import { currentProfileOf, useProfiles } from '../../shared/api/profiles';
import { useKeyword } from '../../shared/i18n/language-context';

/** The viewer menu of the spec (2.12), in order. */
export const viewerNav: { to: string; label: TranslationKey }[] = [
  { to: '/home', label: 'home' },
  { to: '/movies', label: 'movies' },
  { to: '/serials', label: 'serials' },
  { to: '/watchlist', label: 'watch_list' },
  { to: '/kidsection', label: 'kids_section' },
];

/** The sections that hold some of the titles, which a profile kept to lower ratings may find empty. */
const SECTION_FILTERS: Partial<Record<string, Record<string, string>>> = {
  '/movies': { kind: 'movie' },
  '/serials': { kind: 'series' },
  '/kidsection': { kids: 'true' },
};

/** Whether the session's profile sees only some ratings (a kids profile, a lower maturity, the account's limit). */
const isLimited = (reply: ProfilesReply) => {
  const profile = currentProfileOf(reply);
  return Boolean(profile && (profile.kids || profile.maturity !== '18+' || reply.maturity_limit !== null));
};

/**
 * The menu for the session's profile: a profile kept to lower ratings sees no Movies, Serials or Kids Section tab
 * with nothing in it for them (the catalogue answers each viewer within their profile's ratings; one title asked).
 */
export function useViewerNav(): typeof viewerNav {
  const limited = useProfiles(isLimited).data ?? false;
  const lang = useKeyword();
  const totals = useQueries({
    queries: viewerNav.map((item) => {
      const filters = SECTION_FILTERS[item.to];
      return { ...listQuery({ ...filters, pageSize: '1' }, lang), enabled: limited && filters !== undefined };
    }),
    combine: (results) => results.map((result) => result.data?.total),
  });
  if (!limited) return viewerNav;
  return viewerNav.filter((_item, index) => totals[index] !== 0);
}
