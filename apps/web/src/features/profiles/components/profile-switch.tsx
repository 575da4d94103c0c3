import type { Profile } from '@salomtv/contract';
import { lazy, Suspense, useState } from 'react';
import { useCurrentProfile } from '../../../shared/api/profiles';
import { useSelectProfile } from '../api/select-profile';
import { type PinRefusal, pinRefusalOf } from '../lib/pin-refusal';

// The PIN dialog loads with the first locked profile chosen (the header's menu holds this hook).
const PinDialog = lazy(() => import('./pin-dialog').then((m) => ({ default: m.PinDialog })));

/**
 * Switching to a profile from a tile or a menu: straight away when it has no PIN (or the session is on it), else
 * through the PIN dialog. `dialog` is rendered by the caller; `failed` holds a refusal the dialog does not cover.
 */
export function useProfileSwitch(onSwitched: (profile: Profile) => void) {
  const select = useSelectProfile();
  const [asking, setAsking] = useState<{ profile: Profile; refusal: PinRefusal | null } | null>(null);
  const [failed, setFailed] = useState<PinRefusal | null>(null);
  const current = useCurrentProfile();

  const switchTo = (profile: Profile) => {
    setFailed(null);
    // A locked profile asks for its PIN first: without it the server could only refuse the switch.
    if (profile.locked && profile.profile_id !== current?.profile_id) {
      setAsking({ profile, refusal: null });
      return;
    }
    select.mutate(
      { profileId: profile.profile_id },
      {
        onSuccess: onSwitched,
        onError: (error) => {
          const refusal = pinRefusalOf(error);
          if (refusal.kind === 'pin_required') setAsking({ profile, refusal: null });
          else if (refusal.kind === 'wait') setAsking({ profile, refusal });
          else setFailed(refusal);
        },
      },
    );
  };

  const dialog = asking ? (
    <Suspense fallback={null}>
      <PinDialog
        key={asking.profile.profile_id}
        profile={asking.profile}
        initialRefusal={asking.refusal}
        onClose={() => setAsking(null)}
        onSelected={(profile) => {
          setAsking(null);
          onSwitched(profile);
        }}
      />
    </Suspense>
  ) : null;

  return {
    switchTo,
    dialog,
    pendingId: select.isPending ? select.variables?.profileId : undefined,
    failed,
  };
}
