import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { JobsTable } from './jobs-table';
import { MostWatchedChart } from './most-watched-chart';
import { PaymentsTable } from './payments-table';
import { PlaybackQualityPanel } from './playback-quality-panel';
import { RevenueChart } from './revenue-chart';
import { StatCards } from './stat-cards';
import { TicketsPanel } from './tickets-panel';
import { VitalsPanel } from './vitals-panel';

/** Dashboard (/dashboard, spec admin 1): the service's real figures, media jobs, playback quality, payments, vitals and tickets. */
export function DashboardPage() {
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      <div className="flex flex-col gap-6">
        <StatCards />
        <div className="grid gap-6 xl:grid-cols-3">
          <RevenueChart />
          <MostWatchedChart />
        </div>
        <JobsTable />
        <PlaybackQualityPanel />
        {/* Side by side only where both tables fit whole: at 1440 px the payments need the full width. */}
        <div className="grid gap-6 2xl:grid-cols-2">
          <PaymentsTable />
          <VitalsPanel />
        </div>
        <TicketsPanel />
      </div>
    </>
  );
}
