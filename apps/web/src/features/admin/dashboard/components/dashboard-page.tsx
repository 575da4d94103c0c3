import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';

/** Dashboard (/dashboard): the figures of the service. */
export function DashboardPage() {
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      <p className="text-muted">
        The figures of the service appear here: viewers, subscriptions, titles and revenue.
      </p>
    </>
  );
}
