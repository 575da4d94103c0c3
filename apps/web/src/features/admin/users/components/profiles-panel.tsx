import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../../shared/ui/alert';
import { useToast } from '../../../../shared/ui/toast-context';
import { useRemoveProfilePin, userProfilesQuery } from '../api/users';
import { ConfirmAction } from './confirm-action';
import { formatWhen } from './user-bits';

const cardClass = 'rounded-card border border-border bg-surface p-5';

/** The account's profiles; a locked one's PIN can be removed when the holder asks (the server audits it). */
export function ProfilesPanel({ userId }: { userId: number }) {
  const profiles = useQuery(userProfilesQuery(userId));
  const removePin = useRemoveProfilePin(userId);
  const toast = useToast();
  return (
    <section aria-labelledby="admin-profiles-title" className={`${cardClass} lg:col-span-2`}>
      <h2 id="admin-profiles-title" className="mb-3 text-lg font-semibold">
        Profiles
      </h2>
      {profiles.isError ? <Alert>{profiles.error.message}</Alert> : null}
      {removePin.isError ? (
        <div className="mb-3">
          <Alert>{removePin.error.message}</Alert>
        </div>
      ) : null}
      {profiles.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  Maturity
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  Kids
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  Locked
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  Last active
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {profiles.data.map((profile) => (
                <tr
                  key={profile.profile_id}
                  className="border-t border-border"
                  data-testid="admin-profile-row"
                >
                  <td className="py-2 pe-4">
                    <span dir="auto">{profile.name}</span>
                    {profile.owner ? <span className="ms-2 text-xs text-muted">(owner)</span> : null}
                  </td>
                  <td className="py-2 pe-4">{profile.maturity}</td>
                  <td className="py-2 pe-4">{profile.kids ? 'Yes' : 'No'}</td>
                  <td className="py-2 pe-4">{profile.locked ? 'PIN' : 'No'}</td>
                  <td className="py-2 pe-4">{formatWhen(profile.last_active_at, true)}</td>
                  <td className="py-2">
                    {profile.locked ? (
                      <ConfirmAction
                        label="Remove PIN"
                        question={`Remove the PIN of ${profile.name}? Only do this when the account holder asks.`}
                        confirmLabel="Yes, remove"
                        variant="danger"
                        busy={removePin.isPending}
                        onConfirm={(done) =>
                          removePin.mutate(profile.profile_id, {
                            onSuccess: () => toast.show(`The PIN of ${profile.name} is removed`, 'success'),
                            onSettled: done,
                          })
                        }
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
