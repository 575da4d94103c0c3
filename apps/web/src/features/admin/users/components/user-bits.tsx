import type { AdminUserRow, UserStatus } from '@salomtv/contract';
import { dateTimeFormat } from '@salomtv/contract';

export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', disabled: 'Non-Active' };

export const fullName = (user: Pick<AdminUserRow, 'first_name' | 'last_name' | 'phone_number'>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.phone_number;

/** Active (green) or Non-Active (red). */
export function StatusBadge({ status }: { status: UserStatus }) {
  const colours =
    status === 'active'
      ? 'bg-success/15 text-success ring-success/40'
      : 'bg-danger/15 text-danger ring-danger/40';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${colours}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The avatar, or the initials on a neutral disc. */
export function UserAvatar({
  user,
  size = 'size-10',
}: {
  user: Pick<AdminUserRow, 'avatar' | 'first_name' | 'last_name' | 'phone_number'>;
  size?: string;
}) {
  if (user.avatar) {
    return <img src={user.avatar} alt="" className={`${size} rounded-full object-cover`} loading="lazy" />;
  }
  const initials =
    [user.first_name, user.last_name]
      .map((name) => name?.trim()[0] ?? '')
      .join('')
      .toUpperCase() || user.phone_number.slice(-2);
  return (
    <span
      aria-hidden
      className={`${size} inline-flex items-center justify-center rounded-full bg-surface-2 text-xs font-bold text-muted ring-1 ring-border`}
    >
      {initials}
    </span>
  );
}

/** An on/off switch (role switch) for one boolean, such as Verified. */
export function Switch({
  checked,
  onChange,
  label,
  busy,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
        checked ? 'bg-brand' : 'bg-surface-2 ring-1 ring-border'
      }`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
          checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'
        }`}
      />
    </button>
  );
}

/** A date and time in the admin's locale, or a dash. */
export const formatWhen = (value: string | null | undefined, withTime = false) =>
  value
    ? dateTimeFormat(
        'en-GB',
        withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
      ).format(new Date(value))
    : '—';
