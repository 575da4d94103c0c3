import type { ProfilesReply, TitleKind, TranslationKey } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
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

/** The sections of one kind of title, which a profile kept to lower ratings may find empty. */
const SECTION_KINDS: Partial<Record<string, TitleKind>> = { '/movies': 'movie', '/serials': 'series' };

/** Whether the session's profile sees only some ratings (a kids profile, a lower maturity, the account's limit). */
const isLimited = (reply: ProfilesReply) => {
  const profile = currentProfileOf(reply);
  return Boolean(profile && (profile.kids || profile.maturity !== '18+' || reply.maturity_limit !== null));
};

/** `GET /api/catalog/list` of one kind, a title at most: whether the profile has anything of it. */
const firstOf = (kind: TitleKind, lang: string) => listQuery({ kind, pageSize: '1' }, lang);

/**
 * The menu for the session's profile: a profile kept to lower ratings sees no Movies or Serials tab with nothing
 * in it for them (the catalogue answers each viewer within their profile's ratings).
 */
export function useViewerNav(): typeof viewerNav {
  const limited = useProfiles(isLimited).data ?? false;
  const lang = useKeyword();
  const movies = useQuery({ ...firstOf('movie', lang), enabled: limited });
  const serials = useQuery({ ...firstOf('series', lang), enabled: limited });
  if (!limited) return viewerNav;
  const totals: Partial<Record<TitleKind, number | undefined>> = {
    movie: movies.data?.total,
    series: serials.data?.total,
  };
  return viewerNav.filter((item) => {
    const kind = SECTION_KINDS[item.to];
    return kind === undefined || totals[kind] !== 0;
  });
}
