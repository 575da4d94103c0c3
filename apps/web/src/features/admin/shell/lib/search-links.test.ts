import { describe, expect, it } from 'vitest';
import { readCachedSettings, writeCachedSettings } from '../api/admin-settings';
import { searchGroups } from './search-links';

describe('admin search results', () => {
  it('link each match to the screen where it is edited', () => {
    const groups = searchGroups({
      titles: [{ movie_id: 7, title: 'Night Train', status: 'published' }],
      users: [
        { user_id: 3, name: 'Aziza Karimova', phone_number: '+998911112233', email: null, role: 'user' },
        { user_id: 4, name: null, phone_number: '+998911112244', email: 'ops@example.com', role: 'admin' },
      ],
      posts: [{ post_id: 9, title: 'New season', status: 'draft' }],
    });
    expect(groups.map((group) => group.label)).toEqual(['Titles', 'Users', 'Posts']);
    expect(groups[0]!.items[0]).toEqual({
      to: '/editmovies?movie_id=7',
      label: 'Night Train',
      detail: 'published',
    });
    expect(groups[1]!.items.map((item) => [item.to, item.label, item.detail])).toEqual([
      ['/viewuser?user_id=3', 'Aziza Karimova', '+998911112233'],
      ['/viewuser?user_id=4', '+998911112244', 'ops@example.com · admin'],
    ]);
    expect(groups[2]!.items[0]!.to).toBe('/post?edit=9');
  });
});

describe('the settings kept in the browser for the first paint', () => {
  const memory = () => {
    const store = new Map<string, string>();
    return {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
  };

  it('come back as they were written', () => {
    const storage = memory();
    const settings = {
      layout: 'dark',
      sidebar: 'dark',
      theme: 'purple',
      mini_sidebar: true,
      sticky_header: false,
    } as const;
    writeCachedSettings(storage, settings);
    expect(readCachedSettings(storage)).toEqual(settings);
  });

  it('ignore unknown or broken values', () => {
    const storage = memory();
    expect(readCachedSettings(storage)).toBeUndefined();
    storage.setItem('salomtv.admin-settings', '{not json');
    expect(readCachedSettings(storage)).toBeUndefined();
    storage.setItem(
      'salomtv.admin-settings',
      JSON.stringify({ layout: 'neon', theme: 'cyan', mini_sidebar: 'yes' }),
    );
    expect(readCachedSettings(storage)).toEqual({
      layout: 'light',
      sidebar: 'light',
      theme: 'cyan',
      mini_sidebar: false,
      sticky_header: false,
    });
  });
});
