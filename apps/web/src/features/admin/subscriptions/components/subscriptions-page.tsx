import { ADMIN_EXPORTS } from '@salomtv/contract';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { DownloadIcon } from '../../../../shared/ui/icons';
import { exportUrl } from '../api/subscribers';
import { PaymentsSection } from './payments-section';
import { PlansSection } from './plans-section';
import { ReconciliationSection } from './reconciliation-section';
import { SubscribersSection } from './subscribers-section';

const EXPORT_LABELS: Record<(typeof ADMIN_EXPORTS)[number], string> = {
  users: 'Users CSV',
  subscriptions: 'Subscriptions CSV',
  payments: 'Payments CSV',
};

/**
 * Subscription (/subscription): the plan editor, the subscribers, every payment, the providers' reconciliation and
 * the CSV exports.
 */
export function SubscriptionsPage() {
  return (
    <>
      <AdminPageHeader
        title="Subscription"
        actions={ADMIN_EXPORTS.map((name) => (
          <a
            key={name}
            href={exportUrl(name)}
            download
            className={buttonClasses('secondary', 'md')}
            data-testid={`export-${name}`}
          >
            <DownloadIcon className="size-4" />
            {EXPORT_LABELS[name]}
          </a>
        ))}
      />
      <div className="flex flex-col gap-10">
        <PlansSection />
        <SubscribersSection />
        <PaymentsSection />
        <ReconciliationSection />
      </div>
    </>
  );
}
