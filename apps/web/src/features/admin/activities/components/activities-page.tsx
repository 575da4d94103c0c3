import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { ListTable } from '../../../../shared/ui/list-table';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { Pagination } from '../../../../shared/ui/pagination';
import { ACTIVITIES_PAGE_SIZE, ownAuditQuery } from '../api/own-audit';
import { actionLabel, auditValue } from '../lib/audit-view';

const COLUMNS = ['When', 'Who', 'Action', 'What', 'Before', 'After'];

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** /activities (the user menu's Activities): the signed-in admin's own audit trail. */
export function ActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const audit = useQuery(ownAuditQuery(page));
  const total = audit.data?.total ?? 0;
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true });

  return (
    <>
      <AdminPageHeader title="Activities" />
      <p className="mb-4 text-sm text-muted">Every change you made in the admin area, newest first.</p>
      {audit.isPending ? <LoadingState label="Loading your activities…" /> : null}
      {audit.isError ? (
        <Alert>
          Your activities could not be loaded: {audit.error.message}{' '}
          <Button size="sm" variant="secondary" onClick={() => void audit.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {audit.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[900px]"
            busy={audit.isFetching}
            testId="activities-table"
            regionLabel="Your activities"
            empty={
              audit.data.items.length === 0
                ? 'No activities yet: the changes you make (titles, users, posts, tickets) appear here.'
                : null
            }
          >
            {audit.data.items.map((entry) => (
              <tr key={entry.audit_id} className="border-t border-border align-top">
                <td className="whitespace-nowrap px-4 py-3">
                  <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
                </td>
                <td className="px-4 py-3">{entry.actor_name ?? `User ${entry.actor_user_id ?? '?'}`}</td>
                <td className="px-4 py-3 font-medium">{actionLabel(entry.action)}</td>
                <td className="px-4 py-3">
                  {entry.entity}
                  {entry.entity_id ? ` #${entry.entity_id}` : ''}
                </td>
                <td className="max-w-72 px-4 py-3">
                  <code className="line-clamp-4 break-all text-xs text-muted">
                    {auditValue(entry.before)}
                  </code>
                </td>
                <td className="max-w-72 px-4 py-3">
                  <code className="line-clamp-4 break-all text-xs">{auditValue(entry.after)}</code>
                </td>
              </tr>
            ))}
          </ListTable>
          <Pagination page={page} pageSize={ACTIVITIES_PAGE_SIZE} total={total} onPage={goTo} />
        </>
      ) : null}
    </>
  );
}
