// @vitest-environment happy-dom
import type { Profile } from '@salomtv/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { PinDialog } from './pin-dialog';

const locked: Profile = {
  profile_id: 9,
  name: 'Parents',
  avatar: 'avatar:4',
  language: null,
  maturity: '18+',
  kids: false,
  autoplay_next: true,
  autoplay_previews: true,
  subtitle_language: null,
  audio_language: null,
  locked: true,
  owner: false,
  last_active_at: null,
};

const wrongPin = {
  status: 400,
  body: { error: { code: 'validation_failed', message: 'x', fields: { pin: 'x' } } },
};

describe('the PIN dialog', () => {
  it('starts on the PIN, says a wrong one, and switches with the right one', async () => {
    const calls = fakeServer(({ path, body }) => {
      if (path === '/api/profiles/select') {
        return (body as { pin?: string }).pin === '2468' ? { body: { ...locked } } : wrongPin;
      }
      return { status: 404 };
    });
    const onSelected = vi.fn();
    renderInApp(<PinDialog profile={locked} onSelected={onSelected} onClose={() => undefined} />);
    const pin = screen.getByLabelText('PIN');
    expect(screen.getByRole('heading', { name: 'Enter the PIN of Parents' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(pin));

    await userEvent.type(pin, '1x2345');
    expect((pin as HTMLInputElement).value).toBe('1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The PIN is wrong. Try again.')).toBeTruthy();
    expect((pin as HTMLInputElement).value).toBe('');
    expect(pin.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(pin, '2468{Enter}');
    await waitFor(() => expect(onSelected).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.path === '/api/profiles/select').map((call) => call.body)).toEqual([
      { profile_id: 9, pin: '1234' },
      { profile_id: 9, pin: '2468' },
    ]);
  });

  it('says how long to wait after too many wrong PINs', async () => {
    fakeServer(() => ({ status: 429, body: { error: { code: 'too_many_requests', message: 'wait' } } }));
    renderInApp(
      <PinDialog
        profile={locked}
        initialRefusal={{ kind: 'wait', minutes: 15 }}
        onSelected={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Too many wrong PINs. Try again in 15 minutes.')).toBeTruthy();
  });

  it('removes a forgotten PIN with the account password, then switches', async () => {
    const calls = fakeServer(({ path, body }) => {
      if (path === '/api/profiles/pin') {
        return (body as { password: string }).password === 'right-pass'
          ? { body: { ...locked, locked: false } }
          : {
              status: 400,
              body: { error: { code: 'validation_failed', message: 'x', fields: { password: 'x' } } },
            };
      }
      if (path === '/api/profiles/select') return { body: { ...locked, locked: false } };
      return { status: 404 };
    });
    const onSelected = vi.fn();
    renderInApp(<PinDialog profile={locked} onSelected={onSelected} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    const password = screen.getByLabelText('Account password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await userEvent.type(password, 'wrong{Enter}');
    expect(await screen.findByText('The account password is wrong')).toBeTruthy();
    await userEvent.type(password, 'right-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the PIN and continue' }));
    await waitFor(() => expect(onSelected).toHaveBeenCalledOnce());
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/profiles/pin', { profile_id: 9, pin: null, password: 'wrong' }],
      ['/api/profiles/pin', { profile_id: 9, pin: null, password: 'right-pass' }],
      ['/api/profiles/select', { profile_id: 9 }],
    ]);
  });
});
