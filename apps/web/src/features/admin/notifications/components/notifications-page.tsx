import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';

/** Notification (/notification): messages to viewers. */
export function NotificationsPage() {
  return (
    <>
      <AdminPageHeader title="Notification" />
      <p className="text-muted">Messages sent to viewers.</p>
    </>
  );
}
