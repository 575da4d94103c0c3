import type { Profile } from '@salomtv/contract';
import { useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useSetPin } from '../api/profile-mutations';
import { isCompletePin, pinDigits, pinRefusalOf } from '../lib/pin-refusal';

type Action = 'set' | 'remove';

/** A profile's lock: Set PIN, or Change and Remove PIN; each asks the account password. */
export function PinSettings({ profile }: { profile: Profile }) {
  const t = useT();
  const toast = useToast();
  const save = useSetPin();
  const [action, setAction] = useState<Action | null>(null);
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [pinError, setPinError] = useState<string>();
  const refusal = save.error ? pinRefusalOf(save.error) : null;
  const passwordError =
    refusal?.kind === 'wrong_password'
      ? t('password_wrong')
      : refusal?.kind === 'wait'
        ? t('too_many_attempts')
        : refusal?.kind === 'other'
          ? (refusal.message ?? t('something_went_wrong'))
          : undefined;

  const open = (next: Action) => {
    save.reset();
    setPin('');
    setPassword('');
    setPinError(undefined);
    setAction(next);
  };

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (action === 'set' && !isCompletePin(pin)) {
      setPinError(t('pin_needs_4_digits'));
      return;
    }
    save.mutate(
      { profile_id: profile.profile_id, pin: action === 'set' ? pin : null, password },
      {
        onSuccess: () => {
          toast.show(t(action === 'set' ? 'pin_saved' : 'pin_removed'), 'success');
          setAction(null);
        },
        onError: () => setPassword(''),
      },
    );
  };

  return (
    <section aria-labelledby="pin-settings-title" className="flex flex-col gap-3 border-t border-border pt-5">
      <h3 id="pin-settings-title" className="text-base font-semibold">
        {t('profile_lock')}
      </h3>
      <p className="text-sm text-muted" data-testid="pin-state">
        {profile.locked ? t('profile_locked') : t('profile_lock_hint')}
      </p>
      {action === null ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => open('set')}>
            {profile.locked ? t('change_pin') : t('set_pin')}
          </Button>
          {profile.locked ? (
            <Button variant="danger" onClick={() => open('remove')}>
              {t('remove_pin')}
            </Button>
          ) : null}
        </div>
      ) : (
        // A form of its own inside the profile form's panel (not nested in its <form>).
        <div className="flex flex-col gap-4 rounded-md bg-surface-2 p-4">
          {action === 'set' ? (
            <Field id="new-pin" label={t('new_pin')} error={pinError}>
              <Input
                id="new-pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                dir="ltr"
                className="max-w-40 font-mono tracking-[0.4em]"
                value={pin}
                onChange={(event) => {
                  setPin(pinDigits(event.target.value));
                  setPinError(undefined);
                }}
                {...describedBy('new-pin', pinError)}
              />
            </Field>
          ) : null}
          <Field id="pin-password" label={t('account_password')} error={passwordError}>
            <Input
              id="pin-password"
              type="password"
              autoComplete="current-password"
              className="max-w-sm"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit(event);
              }}
              {...describedBy('pin-password', passwordError)}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button busy={save.isPending} disabled={!password} onClick={submit}>
              {action === 'set' ? t('save') : t('remove_pin')}
            </Button>
            <Button variant="ghost" onClick={() => setAction(null)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
