import type { AdminUserDetail } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { regionName } from '../../../../shared/ui/phone-number';
import { useToast } from '../../../../shared/ui/toast-context';
import { useChangeUser, userActivityQuery, userDetailQuery } from '../api/users';
import { ConfirmAction } from './confirm-action';
import { ProfilesPanel } from './profiles-panel';
import { formatWhen, fullName, STATUS_LABELS, StatusBadge, UserAvatar } from './user-bits';
import { VerifiedSwitch } from './verified-switch';

const cardClass = 'rounded-card border border-border bg-surface p-5';

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section aria-label={title} className={cardClass}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Status and role changes, each confirmed; the server refuses to disable or demote the last active admin. */
function AccountControls({ user }: { user: AdminUserDetail }) {
  const change = useChangeUser();
  const toast = useToast();
  const name = fullName(user);
  const nextStatus = user.status === 'active' ? 'disabled' : 'active';
  const nextRole = user.role === 'admin' ? 'user' : 'admin';
  return (
    <section aria-label="Account" className={cardClass}>
      <h2 className="mb-3 text-lg font-semibold">Account</h2>
      {change.isError ? (
        <div className="mb-3">
          <Alert>{change.error.message}</Alert>
        </div>
      ) : null}
      <div className="flex flex-col gap-4 text-sm">
        <div className="flex flex-wrap items-center gap-3">
          <span className="w-20 text-muted">Status</span>
          <StatusBadge status={user.status} />
          <ConfirmAction
            label={`Set ${STATUS_LABELS[nextStatus]}`}
            question={
              nextStatus === 'disabled'
                ? `Set ${name} Non-Active? Their sessions end at once and they cannot sign in.`
                : `Set ${name} Active again?`
            }
            confirmLabel={`Yes, set ${STATUS_LABELS[nextStatus]}`}
            variant={nextStatus === 'disabled' ? 'danger' : 'secondary'}
            busy={change.isPending}
            onConfirm={(done) =>
              change.mutate(
                { userId: user.user_id, field: 'status', value: nextStatus },
                { onSuccess: () => toast.show(`${name} is ${STATUS_LABELS[nextStatus]}`), onSettled: done },
              )
            }
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="w-20 text-muted">Role</span>
          <span className="font-medium">{user.role}</span>
          <ConfirmAction
            label={nextRole === 'admin' ? 'Make admin' : 'Make viewer'}
            question={`Change ${name}'s role to ${nextRole}?`}
            confirmLabel="Yes, change"
            busy={change.isPending}
            onConfirm={(done) =>
              change.mutate(
                { userId: user.user_id, field: 'role', value: nextRole },
                { onSuccess: () => toast.show(`${name} is now ${nextRole}`), onSettled: done },
              )
            }
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="w-20 text-muted">Verified</span>
          <VerifiedSwitch user={user} />
        </div>
      </div>
    </section>
  );
}

/** The plan and the titles the viewer is part-way through. */
function Activity({ userId }: { userId: number }) {
  const activity = useQuery(userActivityQuery(userId)).data;
  if (!activity) return null;
  const { subscription, continue_watching: watching } = activity;
  // The server's summary: the words the viewer's own page, the subscription list and the CSV use too.
  const summary = subscription.summary;
  const pending = summary.pending_change;
  return (
    <>
      <Facts
        title="Plan"
        rows={[
          ['Plan', summary.plan_now?.name ?? (summary.trial ? 'Free trial' : 'None')],
          ['Status', summary.status],
          [
            summary.trial ? 'After the trial' : 'Next period',
            summary.plan_next
              ? `${summary.plan_next.name} from ${formatWhen(summary.next_charge_at)}`
              : 'Nothing is charged',
          ],
          [
            'Pending change',
            pending
              ? `${pending.kind.replace('_', ' ')}: ${pending.plan.name}${pending.at ? ` (${formatWhen(pending.at)})` : ''}`
              : null,
          ],
          ['Cancels at period end', summary.cancel_at_period_end ? 'Yes' : 'No'],
          ['Access until', formatWhen(subscription.access_until)],
          ['Payment method', summary.card],
          [
            'Summary',
            <span key="summary" data-testid="subscription-summary">
              {summary.text}
            </span>,
          ],
        ]}
      />
      <section aria-label="Watching" className={cardClass}>
        <h2 className="mb-3 text-lg font-semibold">Watching</h2>
        {watching.length === 0 ? (
          <p className="text-sm text-muted">Nothing part-way through.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {watching.map((item) => (
              <li
                key={`${item.card.movie_id}-${item.episode_id ?? 0}`}
                className="flex justify-between gap-4"
              >
                <span>{item.card.title}</span>
                <span className="text-muted">
                  {item.percent}% · {formatWhen(item.updated_at, true)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /viewuser?user_id= : one account as the server knows it: profile, trial, sessions and its controls. */
export function ViewUserPage() {
  const [params] = useSearchParams();
  const userId = Number.parseInt(params.get('user_id') ?? '', 10);
  const valid = Number.isInteger(userId) && userId > 0;
  const detail = useQuery({ ...userDetailQuery(valid ? userId : 0), enabled: valid });
  const user = detail.data;
  const back = (
    <Link to="/user" className={buttonClasses('secondary', 'md')}>
      All Users
    </Link>
  );

  if (!valid) return <Alert>No user is chosen: open one from All Users.</Alert>;
  if (detail.isPending) return <LoadingState label="Loading the user…" />;
  if (!user) {
    return (
      <>
        <AdminPageHeader title="User" actions={back} />
        <Alert>{detail.error?.message ?? 'This user cannot be loaded.'}</Alert>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader title={`User: ${fullName(user)}`} actions={back} />
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <UserAvatar user={user} size="size-16" />
        <div>
          <p className="text-lg font-semibold">{fullName(user)}</p>
          <p className="text-sm text-muted" dir="ltr">
            {user.phone_number}
          </p>
        </div>
        <StatusBadge status={user.status} />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <Facts
          title="Profile"
          rows={[
            ['ID', user.user_id],
            ['First Name', user.first_name],
            ['Last Name', user.last_name],
            ['Email', user.email],
            [
              'Phone Number',
              <span key="phone" dir="ltr">
                {user.phone_number}
              </span>,
            ],
            ['Date of birth', user.dob],
            ['Gender', user.gender],
            ['Country', user.nationality && regionName(user.nationality, 'en')],
            ['Language', user.language],
            ['Joined', formatWhen(user.created_at, true)],
            ['Last changed', formatWhen(user.updated_at, true)],
          ]}
        />
        <AccountControls user={user} />
        <Facts
          title="Free trial"
          rows={[
            ['Ends', formatWhen(user.trial_ends_at)],
            ['State', user.trial_ends_at ? (user.trial_active ? 'Running' : 'Ended') : 'No trial'],
          ]}
        />
        <Facts
          title="Sessions"
          rows={[
            ['Signed in on', `${user.active_sessions} ${user.active_sessions === 1 ? 'device' : 'devices'}`],
            ['Last sign-in', formatWhen(user.last_sign_in_at, true)],
          ]}
        />
        <Activity userId={user.user_id} />
        <ProfilesPanel userId={user.user_id} />
      </div>
    </>
  );
}
