import type { AdminUserRow } from '@salomtv/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { regionName } from '../../../../shared/ui/phone-number';
import { fullName, StatusBadge, UserAvatar } from './user-bits';
import { VerifiedSwitch } from './verified-switch';

const cell = 'px-4 py-3';

/** One account in All Users. */
export function UserRow({ user }: { user: AdminUserRow }) {
  return (
    <tr className="border-t border-border">
      <td className={`${cell} font-mono text-muted`}>{user.user_id}</td>
      <td className={cell}>
        <UserAvatar user={user} />
      </td>
      <td className={cell}>{user.first_name ?? '—'}</td>
      <td className={cell}>{user.last_name ?? '—'}</td>
      <td className={cell}>{user.nationality ? regionName(user.nationality, 'en') : '—'}</td>
      <td className={`${cell} break-all`}>{user.email ?? '—'}</td>
      <td className={`${cell} whitespace-nowrap`} dir="ltr">
        {user.phone_number}
        {user.role === 'admin' ? (
          <span className="ms-2 rounded bg-surface-2 px-1.5 py-0.5 text-xs text-muted">admin</span>
        ) : null}
      </td>
      <td className={cell}>
        <StatusBadge status={user.status} />
      </td>
      <td className={cell}>
        <VerifiedSwitch user={user} />
      </td>
      <td className={cell}>
        <Link
          to={`/viewuser?user_id=${user.user_id}`}
          className={buttonClasses('secondary', 'sm')}
          aria-label={`View ${fullName(user)}`}
        >
          View
        </Link>
      </td>
    </tr>
  );
}
