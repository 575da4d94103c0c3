import type { AdminUserRow } from '@salomtv/contract';
import { useChangeUser } from '../api/users';
import { fullName, Switch } from './user-bits';

/** The list's and the user page's Verified switch: marks the account verified or not at once. */
export function VerifiedSwitch({
  user,
}: {
  user: Pick<AdminUserRow, 'user_id' | 'verified' | 'first_name' | 'last_name' | 'phone_number'>;
}) {
  const change = useChangeUser();
  const shown =
    change.isPending && change.variables.field === 'verified' ? change.variables.value : user.verified;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={Boolean(shown)}
        busy={change.isPending}
        label={`Verified: ${fullName(user)}`}
        onChange={(verified) => change.mutate({ userId: user.user_id, field: 'verified', value: verified })}
      />
      {change.isError ? (
        <span role="alert" className="text-xs text-danger">
          {change.error.message}
        </span>
      ) : null}
    </div>
  );
}
