/** The admin sidebar of the spec (admin 8); `also` lists the screens that belong to an entry. */
export const adminNav: { to: string; label: string; also?: string[] }[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/user', label: 'User', also: ['/adduser', '/viewuser'] },
  { to: '/post', label: 'Post' },
  { to: '/legalpages', label: 'Legal pages' },
  { to: '/addmovies', label: 'Movies', also: ['/editmovies'] },
  { to: '/genres', label: 'Genres' },
  { to: '/language', label: 'Language', also: ['/addlanguage', '/editlanguage'] },
  { to: '/subscription', label: 'Subscription' },
  { to: '/notification', label: 'Notification' },
  { to: '/backups', label: 'Backups' },
];

export function isActiveEntry(pathname: string, entry: (typeof adminNav)[number]): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return [entry.to, ...(entry.also ?? [])].includes(path);
}
