// @vitest-environment happy-dom
import { type Profile, SIGNED_IN_COOKIE } from '@salomtv/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useProfiles } from '../../../shared/api/profiles';
import { fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { useProfileSwitch } from './profile-switch';

const profile = (id: number, name: string, locked: boolean): Profile => ({
  profile_id: id,
  name,
  avatar: 'avatar:1',
  language: null,
  maturity: '18+',
  kids: false,
  autoplay_next: true,
  autoplay_previews: true,
  subtitle_language: null,
  audio_language: null,
  locked,
  owner: id === 1,
  last_active_at: null,
});
const owner = profile(1, 'Owner', true);
const parents = profile(9, 'Parents', true);
const kids = profile(2, 'Kids', false);

/** Tiles for the profiles, as the pages that list them show them once the profiles are loaded. */
function Tiles({ onSwitched }: { onSwitched: (profile: Profile) => void }) {
  useProfiles();
  const choice = useProfileSwitch(onSwitched);
  return (
    <>
      {[owner, parents, kids].map((item) => (
        <button key={item.profile_id} type="button" onClick={() => choice.switchTo(item)}>
          {item.name}
        </button>
      ))}
      {choice.dialog}
    </>
  );
}

function answer({ path, body }: { path: string; body: unknown }) {
  if (path === '/api/user/role') return { body: [{ role: 'user' }] };
  if (path === '/api/profiles')
    return { body: { profiles: [owner, parents, kids], current: 1, max: 5, maturity_limit: null } };
  if (path === '/api/profiles/select') {
    const { profile_id, pin } = body as { profile_id: number; pin?: string };
    const chosen = [owner, parents, kids].find((item) => item.profile_id === profile_id)!;
    if (chosen.locked && chosen !== owner && pin !== '2468')
      return {
        status: 403,
        body: { error: { code: 'pin_required', message: 'This profile is locked: enter its PIN' } },
      };
    return { body: chosen };
  }
  return { status: 404 };
}

/** The fake server, on a signed-in session whose profiles the app has already loaded. */
async function signedIn() {
  const calls = fakeServer(answer);
  // biome-ignore lint/suspicious/noDocumentCookie: the hint the app reads to know it is signed in, as the server sets it
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  return calls;
}

const selects = (calls: { path: string; body: unknown }[]) =>
  calls.filter((call) => call.path === '/api/profiles/select').map((call) => call.body);

/** The tiles are chosen once the profiles are known, as on the pages that list them. */
async function profilesLoaded(calls: { path: string }[]) {
  await waitFor(() => expect(calls.some((call) => call.path === '/api/profiles')).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('switching profiles', () => {
  it('asks a locked profile’s PIN before calling the server, then switches with it', async () => {
    const calls = await signedIn();
    const onSwitched = vi.fn();
    renderInApp(<Tiles onSwitched={onSwitched} />);
    await profilesLoaded(calls);

    await userEvent.click(screen.getByRole('button', { name: 'Parents' }));
    const pin = await screen.findByLabelText('PIN');
    expect(selects(calls)).toEqual([]);
    await userEvent.type(pin, '2468{Enter}');
    await waitFor(() => expect(onSwitched).toHaveBeenCalledOnce());
    expect(selects(calls)).toEqual([{ profile_id: 9, pin: '2468' }]);
  });

  it('switches at once to a profile without a PIN, and to the locked one the session is on', async () => {
    const calls = await signedIn();
    const onSwitched = vi.fn();
    renderInApp(<Tiles onSwitched={onSwitched} />);
    await profilesLoaded(calls);

    await userEvent.click(screen.getByRole('button', { name: 'Kids' }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Owner' }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalledTimes(2));
    expect(selects(calls)).toEqual([{ profile_id: 2 }, { profile_id: 1 }]);
    expect(screen.queryByLabelText('PIN')).toBeNull();
  });
});
