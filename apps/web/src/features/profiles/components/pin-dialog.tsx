import type { Profile } from '@salomtv/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { useRemoveForgottenPin, useSelectProfile } from '../api/select-profile';
import { isCompletePin, type PinRefusal, pinDigits, pinRefusalOf } from '../lib/pin-refusal';
import { ProfileAvatar } from './profile-avatar';

/**
 * Switching to a locked profile: its 4-digit PIN (a wrong one says so; too many make the viewer wait), or "Forgot
 * PIN?": the account password removes the PIN, and the switch goes on without it.
 */
export function PinDialog({
  profile,
  onSelected,
  onClose,
  initialRefusal = null,
}: {
  profile: Profile;
  onSelected: (profile: Profile) => void;
  onClose: () => void;
  /** Why the switch without a PIN was refused, when it says more than "locked" (a wait). */
  initialRefusal?: PinRefusal | null;
}) {
  const { t, plural } = useLanguage();
  const select = useSelectProfile();
  const removePin = useRemoveForgottenPin();
  const [forgot, setForgot] = useState(false);
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<PinRefusal | null>(initialRefusal);
  const pinInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const busy = select.isPending || removePin.isPending;
  const waiting = refusal?.kind === 'wait';
  // "Forgot PIN?" swaps the form: focus follows to its password field.
  useEffect(() => {
    if (forgot) passwordInput.current?.focus();
  }, [forgot]);

  const refused = (error: unknown) => {
    setRefusal(pinRefusalOf(error));
    if (forgot) {
      setPassword('');
      passwordInput.current?.focus();
    } else {
      setPin('');
      pinInput.current?.focus();
    }
  };

  const submitPin = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompletePin(pin) || busy) return;
    select.mutate({ profileId: profile.profile_id, pin }, { onSuccess: onSelected, onError: refused });
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    removePin.mutate(
      { profileId: profile.profile_id, password },
      {
        onSuccess: () =>
          select.mutate({ profileId: profile.profile_id }, { onSuccess: onSelected, onError: refused }),
        onError: refused,
      },
    );
  };

  const message = (() => {
    if (!refusal || refusal.kind === 'pin_required') return undefined;
    if (refusal.kind === 'wrong_pin') return t('pin_wrong');
    if (refusal.kind === 'wrong_password') return t('password_wrong');
    if (refusal.kind === 'wait') return plural('pin_wait', refusal.minutes);
    return refusal.message ?? t('something_went_wrong');
  })();

  return (
    <ModalDialog
      title={fill(t('enter_profile_pin'), { name: profile.name })}
      description={forgot ? fill(t('forgot_pin_text'), { name: profile.name }) : undefined}
      onClose={onClose}
      testId="pin-dialog"
    >
      <div className="mb-4 flex justify-center">
        <ProfileAvatar avatar={profile.avatar} className="size-20" />
      </div>
      {forgot ? (
        <form onSubmit={submitPassword} noValidate className="flex flex-col gap-4">
          <Field id="forgot-pin-password" label={t('account_password')} error={message}>
            <Input
              ref={passwordInput}
              id="forgot-pin-password"
              type="password"
              autoComplete="current-password"
              value={password}
              data-initial-focus
              onChange={(event) => setPassword(event.target.value)}
              {...describedBy('forgot-pin-password', message)}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" busy={busy} disabled={!password || waiting}>
              {t('remove_pin_and_continue')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitPin} noValidate className="flex flex-col gap-4">
          <Field id="profile-pin" label={t('pin')} error={message}>
            <Input
              ref={pinInput}
              id="profile-pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              dir="ltr"
              className="text-center font-mono text-2xl tracking-[0.5em]"
              value={pin}
              data-initial-focus
              onChange={(event) => setPin(pinDigits(event.target.value))}
              {...describedBy('profile-pin', message)}
            />
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <button
              type="button"
              className="text-sm text-muted underline-offset-4 hover:text-text hover:underline"
              onClick={() => {
                setRefusal(null);
                setForgot(true);
              }}
            >
              {t('forgot_pin')}
            </button>
            <div className="flex gap-3">
              <Button variant="secondary" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" busy={busy} disabled={!isCompletePin(pin) || waiting}>
                {t('continue')}
              </Button>
            </div>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
