import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserListQuery,
  NATIONALITIES,
  USER_STATUSES,
  type UserStatus,
} from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { SearchIcon } from '../../../../shared/ui/icons';
import { Input, Select } from '../../../../shared/ui/input';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { userListQuery } from '../api/users';
import { STATUS_LABELS } from './user-bits';
import { UserRow } from './user-row';

const COLUMNS = [
  'ID',
  'Image',
  'First Name',
  'Last Name',
  'Country',
  'Email',
  'Phone Number',
  'Status',
  'Verified',
  'Action',
];

const isStatus = (value: string | null): value is UserStatus => USER_STATUSES.includes(value as UserStatus);

/** /user (spec admin 4): All Users from the server, searchable, filtered by country and status, in pages. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const country = params.get('country') ?? '';
  const status = params.get('status');
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 300);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  // The search box writes the address once typing pauses (a new search starts on page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed search text updates the address
  useEffect(() => {
    if ((params.get('search') ?? '') !== debounced)
      update({ search: debounced || undefined, page: undefined });
  }, [debounced]);

  const query: AdminUserListQuery = {
    page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
    search: params.get('search') || undefined,
    country: country || undefined,
    status: isStatus(status) ? status : undefined,
  };
  const list = useQuery({ ...userListQuery(query), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * ADMIN_USERS_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_USERS_PAGE_SIZE);

  return (
    <>
      <AdminPageHeader
        title="All Users"
        actions={
          <Link to="/adduser" className={buttonClasses('primary', 'md')}>
            Add User
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
            <Input
              id="user-search"
              type="search"
              placeholder="Search by name, phone or email"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="ps-9"
            />
          </div>
        </div>
        <label htmlFor="user-country-filter" className="flex flex-col gap-1 text-xs text-muted">
          Country
          <Select
            id="user-country-filter"
            className="w-44"
            value={country}
            onChange={(event) => update({ country: event.target.value || undefined, page: undefined })}
          >
            <option value="">All countries</option>
            {NATIONALITIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </label>
        <label htmlFor="user-status-filter" className="flex flex-col gap-1 text-xs text-muted">
          Status
          <Select
            id="user-status-filter"
            className="w-40"
            value={isStatus(status) ? status : ''}
            onChange={(event) => update({ status: event.target.value || undefined, page: undefined })}
          >
            <option value="">All statuses</option>
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {list.isPending ? <LoadingState label="Loading users…" /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data ? (
        <>
          <div
            className="overflow-x-auto rounded-card border border-border bg-surface"
            aria-busy={list.isFetching}
          >
            <table className="w-full min-w-[960px] text-start text-sm">
              <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((user) => (
                  <UserRow key={user.user_id} user={user} />
                ))}
                {list.data.items.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-muted">
                      No user matches these filters.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Pages"
            className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted"
          >
            <span data-testid="user-count">
              {first}–{last} of {total}
            </span>
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : undefined })}
              >
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      ) : null}
    </>
  );
}
