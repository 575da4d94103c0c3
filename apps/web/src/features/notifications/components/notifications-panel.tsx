import type { ViewerNotification } from '@salomtv/contract';
import { dateTimeFormat } from '@salomtv/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/loading-state';
import {
  notificationKeys,
  notificationListQuery,
  useMarkAllRead,
  useMarkRead,
} from '../api/notifications-api';

const isSitePath = (link: string) => link.startsWith('/') && !link.startsWith('//');

/** The bell's panel: the viewer's notifications with mark read, mark all read and their links. */
export function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t, keyword } = useLanguage();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationListQuery());
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;

  // The list carries the count too: keep the badge in step with what the panel shows.
  useEffect(() => {
    const first = list.data?.pages[0];
    if (first) queryClient.setQueryData(notificationKeys.unread, { unread: first.unread });
  }, [list.data, queryClient]);

  const when = (value: string) =>
    dateTimeFormat(htmlLangOf(keyword), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const opened = (item: ViewerNotification) => {
    if (!item.read) markRead.mutate(item.notification_id);
    onNavigate();
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold">{t('notifications')}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0}
          busy={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications_mark_all_read')}
        </Button>
      </div>
      <div className="overflow-y-auto" aria-busy={list.isFetching}>
        {list.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner className="size-6" />
            <span className="sr-only">{t('loading')}</span>
          </div>
        ) : null}
        {list.isError ? (
          <div className="flex flex-col items-start gap-2 p-4 text-sm">
            <p role="alert">{t('something_went_wrong')}</p>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t('try_again')}
            </Button>
          </div>
        ) : null}
        {list.isSuccess && items.length === 0 ? (
          <p className="p-4 text-sm text-muted">{t('notifications_empty')}</p>
        ) : null}
        {items.length > 0 ? (
          <ul data-testid="notifications-list">
            {items.map((item) => (
              <li
                key={item.notification_id}
                data-testid="notification-item"
                data-read={item.read}
                className={`flex gap-3 border-b border-border px-4 py-3 last:border-b-0 ${item.read ? '' : 'bg-surface-2/60'}`}
              >
                <span
                  aria-hidden
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand'}`}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p
                    id={`notification-${item.notification_id}`}
                    className="break-words text-sm font-semibold"
                  >
                    {item.read ? null : <span className="sr-only">{t('notification_unread')}: </span>}
                    <bdi>{item.title}</bdi>
                  </p>
                  <p dir="auto" className="whitespace-pre-line break-words text-sm text-muted">
                    {item.body}
                  </p>
                  <p className="text-xs text-muted">
                    <time dateTime={item.sent_at}>{when(item.sent_at)}</time>
                  </p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {item.link && isSitePath(item.link) ? (
                      <Link
                        to={item.link}
                        onClick={() => opened(item)}
                        aria-describedby={`notification-${item.notification_id}`}
                        className={buttonClasses('secondary', 'sm')}
                      >
                        {t('notification_open')}
                      </Link>
                    ) : null}
                    {item.link && !isSitePath(item.link) ? (
                      <a
                        href={item.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        onClick={() => opened(item)}
                        aria-describedby={`notification-${item.notification_id}`}
                        className={buttonClasses('secondary', 'sm')}
                      >
                        {t('notification_open')}
                      </a>
                    ) : null}
                    {item.read ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-describedby={`notification-${item.notification_id}`}
                        busy={markRead.isPending && markRead.variables === item.notification_id}
                        onClick={() => markRead.mutate(item.notification_id)}
                      >
                        {t('notification_mark_read')}
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {list.hasNextPage ? (
          <div className="p-3">
            <Button
              variant="secondary"
              size="sm"
              className="w-full"
              busy={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications_show_more')}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
