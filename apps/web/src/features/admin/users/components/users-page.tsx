import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserListQuery,
  USER_STATUSES,
  type UserStatus,
} from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { useListParams } from '../../../../shared/hooks/use-list-params';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { countryOptions } from '../../../../shared/ui/country-list';
import { FilterRow, FilterSelect, SearchBox } from '../../../../shared/ui/list-filters';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
import { Pagination } from '../../../../shared/ui/pagination';
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

const COUNTRIES = countryOptions('en').map((country) => ({ value: country.code, label: country.name }));
const STATUSES = USER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const isStatus = (value: string | null): value is UserStatus => USER_STATUSES.includes(value as UserStatus);

/** /user (spec admin 4): All Users from the server, searchable, filtered by country and status, in pages. */
export function UsersPage() {
  const { params, page, update } = useListParams();
  const country = params.get('country') ?? '';
  const status = params.get('status');
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 300);

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
      <FilterRow>
        <SearchBox
          id="user-search"
          label="Search users"
          placeholder="Search by name, phone or email"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="user-country-filter"
          label="Country"
          value={country}
          onChange={(value) => update({ country: value })}
          className="w-44"
          allLabel="All countries"
          options={COUNTRIES}
          wrapped
        />
        <FilterSelect
          id="user-status-filter"
          label="Status"
          value={isStatus(status) ? status : ''}
          onChange={(value) => update({ status: value })}
          className="w-40"
          allLabel="All statuses"
          options={STATUSES}
          wrapped
        />
      </FilterRow>
      <ListQueryState query={list} loadingLabel="Loading users…" />
      {list.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[960px]"
            busy={list.isFetching}
            empty={list.data.items.length === 0 ? 'No user matches these filters.' : null}
          >
            {list.data.items.map((user) => (
              <UserRow key={user.user_id} user={user} />
            ))}
          </ListTable>
          <Pagination
            page={page}
            pageSize={ADMIN_USERS_PAGE_SIZE}
            total={total}
            onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
          />
        </>
      ) : null}
    </>
  );
}
