// @vitest-environment happy-dom
import type { Profile, ProfilesReply } from '@salomtv/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../shared/api/session';
import { fakeServer, renderInApp } from '../../shared/testing/render-in-app';
import { MobileMenu } from './mobile-menu';

const profile = (overrides: Partial<Profile>): Profile => ({
  profile_id: 1,
  name: 'Aziza',
  avatar: 'avatar:1',
  language: null,
  maturity: '18+',
  kids: false,
  autoplay_next: true,
  autoplay_previews: true,
  subtitle_language: null,
  audio_language: null,
  locked: false,
  owner: true,
  last_active_at: null,
  ...overrides,
});

/** The menu of a signed-in viewer on `current`, with the catalogue holding `totals` titles of each kind for them. */
async function menuFor(current: Profile, totals: { movie: number; series: number; kids: number }) {
  const reply: ProfilesReply = {
    profiles: [profile({}), current],
    current: current.profile_id,
    max: 5,
    maturity_limit: null,
    mature_unlocked: false,
  };
  const calls = fakeServer(({ path, query }) => {
    if (path === '/api/profiles') return { body: reply };
    if (path === '/api/catalog/list') {
      const total = query.kids === 'true' ? totals.kids : totals[query.kind as 'movie' | 'series'];
      return { body: { items: [], total, page: 1, pageSize: 1 } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: path } } };
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.role, 'user');
  renderInApp(<MobileMenu id="menu" signedIn />, { queryClient });
  await screen.findByRole('link', { name: 'Home' });
  return calls;
}

describe("the viewer menu shows the profile's sections that hold something", () => {
  it('a kids profile with no serials for its ratings sees no Serials tab', async () => {
    await menuFor(profile({ profile_id: 2, name: 'Mini', kids: true, maturity: '7+', owner: false }), {
      movie: 3,
      series: 0,
      kids: 4,
    });
    // The tab goes once the catalogue has answered that there is nothing for this profile.
    await expect.poll(() => screen.queryByRole('link', { name: 'Serials' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Movies' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kids Section' })).toBeTruthy();
  });

  it('a grown-up profile sees every tab, without asking the catalogue', async () => {
    const calls = await menuFor(profile({}), { movie: 0, series: 0, kids: 0 });
    await screen.findByRole('link', { name: 'Serials' });
    expect(screen.getByRole('link', { name: 'Movies' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/catalog/list')).toEqual([]);
  });
});
