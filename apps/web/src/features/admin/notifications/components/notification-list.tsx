import type { AdminNotification, Plan } from '@salomtv/contract';
import { dateTimeFormat } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../shared/ui/button';
import { Select } from '../../../../shared/ui/input';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
import { Pagination } from '../../../../shared/ui/pagination';
import { useToast } from '../../../../shared/ui/toast-context';
import { adminNotificationListQuery, audiencePlansQuery, useDeleteNotification } from '../api/notifications';

const PAGE_SIZE = 20;
const COLUMNS = ['Title', 'Audience', 'Send at', 'Status', 'Read by', 'Action'];
const cell = 'px-4 py-3';
type StatusFilter = '' | 'scheduled' | 'sent';

const formatWhen = (value: string) =>
  dateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

function audienceText(item: AdminNotification, plans: Plan[] | undefined): string {
  if (item.audience === 'all') return 'Everyone';
  if (item.audience === 'plan') {
    const plan = plans?.find((candidate) => candidate.plan_id === item.plan_id);
    return `Subscribers of ${plan?.name ?? `plan #${item.plan_id}`}`;
  }
  return `User #${item.user_id}`;
}

/** Sent and scheduled notifications; a scheduled one can be withdrawn before it goes out. */
export function NotificationList() {
  const toast = useToast();
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const plans = useQuery(audiencePlansQuery());
  const list = useQuery({
    ...adminNotificationListQuery({ status: status || undefined, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteNotification();
  const [asking, setAsking] = useState<number | null>(null);

  const confirmDelete = (item: AdminNotification) =>
    remove.mutate(item.notification_id, {
      onSuccess: () => {
        setAsking(null);
        toast.show('Scheduled notification deleted', 'success');
      },
      onError: (error) => toast.show(error.message, 'error'),
    });

  return (
    <section aria-labelledby="sent-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="sent-heading" className="text-xl font-semibold">
          Sent and scheduled
        </h2>
        <label htmlFor="notification-status-filter" className="flex flex-col gap-1 text-xs text-muted">
          Show
          <Select
            id="notification-status-filter"
            className="w-40"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as StatusFilter);
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="scheduled">Scheduled</option>
            <option value="sent">Sent</option>
          </Select>
        </label>
      </div>
      <ListQueryState query={list} loadingLabel="Loading notifications…" />
      {list.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[860px]"
            busy={list.isFetching}
            testId="notifications-table"
            empty={list.data.items.length === 0 ? 'No notification here yet.' : null}
          >
            {list.data.items.map((item) => (
              <tr
                key={item.notification_id}
                className="border-t border-border"
                data-testid="notification-row"
              >
                <td className={`${cell} max-w-xs`}>
                  <span className="block break-words font-semibold">{item.title}</span>
                  <span className="line-clamp-2 break-words text-xs text-muted">{item.body}</span>
                  {item.link ? (
                    <span className="block break-all font-mono text-xs text-muted" dir="ltr">
                      {item.link}
                    </span>
                  ) : null}
                </td>
                <td className={cell}>
                  {item.audience === 'user' ? (
                    <Link to={`/viewuser?user_id=${item.user_id}`}>{audienceText(item, plans.data)}</Link>
                  ) : (
                    audienceText(item, plans.data)
                  )}
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatWhen(item.send_at)}</td>
                <td className={cell}>
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
                      item.status === 'sent'
                        ? 'bg-success/15 text-text ring-success/50'
                        : 'bg-surface-2 text-text ring-border'
                    }`}
                  >
                    {item.status === 'sent' ? 'Sent' : 'Scheduled'}
                  </span>
                </td>
                <td className={cell}>{item.read_count}</td>
                <td className={cell}>
                  {item.status !== 'scheduled' ? (
                    <span className="text-muted">—</span>
                  ) : asking === item.notification_id ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-xs">Delete it?</span>
                      <Button
                        variant="danger"
                        size="sm"
                        busy={remove.isPending}
                        onClick={() => confirmDelete(item)}
                      >
                        Yes, delete
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setAsking(null)}>
                        Cancel
                      </Button>
                    </div>
                  ) : (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete ${item.title}`}
                      onClick={() => setAsking(item.notification_id)}
                    >
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
