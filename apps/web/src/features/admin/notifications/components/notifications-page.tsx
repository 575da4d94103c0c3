import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { ComposeForm } from './compose-form';
import { NotificationList } from './notification-list';

/** Notification (/notification): compose a message for viewers and see what was sent or is scheduled. */
export function NotificationsPage() {
  return (
    <>
      <AdminPageHeader title="Notification" />
      <div className="flex flex-col gap-10">
        <div className="max-w-3xl">
          <ComposeForm />
        </div>
        <NotificationList />
      </div>
    </>
  );
}
