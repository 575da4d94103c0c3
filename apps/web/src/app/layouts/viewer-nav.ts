import type { TranslationKey } from '@salomtv/contract';

/** The viewer menu of the spec (2.12), in order. */
export const viewerNav: { to: string; label: TranslationKey }[] = [
  { to: '/home', label: 'home' },
  { to: '/movies', label: 'movies' },
  { to: '/serials', label: 'serials' },
  { to: '/watchlist', label: 'watch_list' },
  { to: '/kidsection', label: 'kids_section' },
];
