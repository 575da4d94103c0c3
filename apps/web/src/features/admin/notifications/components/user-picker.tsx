import type { AdminUserRow } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { Button } from '../../../../shared/ui/button';
import { describedBy } from '../../../../shared/ui/field';
import { Input } from '../../../../shared/ui/input';
import { Spinner } from '../../../../shared/ui/loading-state';
import { audienceUsersQuery } from '../api/notifications';

export type PickedUser = Pick<AdminUserRow, 'user_id' | 'first_name' | 'last_name' | 'phone_number'>;

export const userLabel = (user: PickedUser) => {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return name ? `${name} (${user.phone_number})` : user.phone_number;
};

/** One user for the audience, found by phone number or name as the admin types. */
export function UserPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const results = useQuery(audienceUsersQuery(debounced));
  const resultsId = `${id}-results`;

  if (value) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface-2 px-3 py-2">
        <span className="text-sm" data-testid="picked-user" dir="auto">
          {userLabel(value)}
        </span>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          Change user
        </Button>
      </div>
    );
  }

  const items = debounced ? (results.data?.items ?? []) : [];
  return (
    <div className="flex flex-col gap-2">
      <Input
        id={id}
        type="search"
        placeholder="Search by phone number or name"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-controls={resultsId}
        {...describedBy(id, error)}
      />
      <div id={resultsId} aria-live="polite">
        {debounced && results.isFetching ? <Spinner className="size-5" /> : null}
        {debounced && results.isSuccess && items.length === 0 ? (
          <p className="text-sm text-muted">No user matches “{debounced}”.</p>
        ) : null}
        {items.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
            {items.map((user) => (
              <li key={user.user_id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="text-sm" dir="auto">
                  {userLabel(user)}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Choose ${userLabel(user)}`}
                  onClick={() => {
                    onChange(user);
                    setSearch('');
                  }}
                >
                  Choose
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
