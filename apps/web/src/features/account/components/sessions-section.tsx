import type { AccountSession } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf, type Translate } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useToast } from '../../../shared/ui/toast-context';
import { sessionsQuery, useEndAllSessions, useEndSession } from '../api/sessions';

/** "Chrome on Android": the browser and system the session's User-Agent named, as far as it named them. */
function deviceWords(session: AccountSession, t: Translate): string {
  if (session.browser && session.os)
    return fill(t('device_words'), { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t('unknown_device');
}

/** Signed-in devices: each session of the account with its device and last use; any of them can be ended. */
export function SessionsSection() {
  const { t, keyword } = useLanguage();
  const locale = htmlLangOf(keyword);
  const toast = useToast();
  const sessions = useQuery(sessionsQuery());
  const end = useEndSession();
  const endAll = useEndAllSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <section
      aria-labelledby="sessions-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="sessions-title" className="text-lg font-semibold">
          {t('signed_in_devices')}
        </h2>
        <p className="text-sm text-muted">{t('signed_in_devices_intro')}</p>
      </div>
      {sessions.isError || end.isError || endAll.isError ? <Alert>{t('something_went_wrong')}</Alert> : null}
      <ul className="flex flex-col divide-y divide-border" data-testid="session-list">
        {(sessions.data ?? []).map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="session"
            data-current={session.current || undefined}
          >
            <div className="min-w-0">
              <p className="font-medium">
                {deviceWords(session, t)}
                {session.current ? (
                  <span className="ms-2 rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-semibold text-text">
                    {t('this_device')}
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-muted">
                {fill(t('signed_in_on'), { date: formatDateTime(session.created_at, locale) ?? '' })}
                {session.last_used_at
                  ? ` · ${fill(t('last_active_on'), { date: formatDateTime(session.last_used_at, locale) ?? '' })}`
                  : ''}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              busy={end.isPending && end.variables === session.id}
              onClick={() => end.mutate(session.id)}
            >
              {t('sign_out_device')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {others > 0 ? (
          <Button
            variant="secondary"
            busy={endAll.isPending && endAll.variables === false}
            onClick={() =>
              endAll.mutate(false, { onSuccess: () => toast.show(t('other_devices_signed_out'), 'success') })
            }
          >
            {t('sign_out_other_devices')}
          </Button>
        ) : null}
        <Button
          variant="danger"
          busy={endAll.isPending && endAll.variables === true}
          onClick={() => endAll.mutate(true)}
        >
          {t('sign_out_all_devices')}
        </Button>
      </div>
    </section>
  );
}
