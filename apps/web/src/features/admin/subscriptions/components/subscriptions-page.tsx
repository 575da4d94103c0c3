import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';

/** Subscription (/subscription): plans and subscriptions. */
export function SubscriptionsPage() {
  return (
    <>
      <AdminPageHeader title="Subscription" />
      <p className="text-muted">
        The plans (Basic, Standard, Platinum, Premium) and the subscriptions of viewers.
      </p>
    </>
  );
}
