import { PLAN_FEATURES, type Plan } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { adminPlansQuery } from '../api/plans';
import { formatMoney } from '../lib/money';
import { PlanForm } from './plan-form';

/** Every currency's price of the plan for an interval, its own currency first; "—" when none is sold by it. */
function pricesIn(plan: Plan, interval: 'month' | 'year'): string {
  const currencies = [plan.currency, ...Object.keys(plan.prices).filter((c) => c !== plan.currency)];
  const shown: string[] = [];
  for (const currency of currencies) {
    const price = plan.prices[currency];
    const minor = interval === 'year' ? price?.year : price?.month;
    if (minor !== undefined && minor !== null) shown.push(formatMoney(minor, currency));
  }
  return shown.length > 0 ? shown.join(' · ') : '—';
}

const COLUMNS = [
  'Name',
  'Code',
  'Monthly',
  'Yearly',
  'Quality',
  'Features',
  'Streams',
  'Profiles',
  'Offered',
  'Action',
];
const cell = 'px-4 py-3';

/** The plans as data: every plan with its prices and limits, an editor for one, and New plan. */
export function PlansSection() {
  const plans = useQuery(adminPlansQuery());
  // null: nothing open; 'new': the create form; a number: that plan's editor.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const editingPlan =
    typeof editing === 'number' ? plans.data?.find((p) => p.plan_id === editing) : undefined;

  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plans-heading" className="text-xl font-semibold">
          Plans
        </h2>
        <Button variant="secondary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          New plan
        </Button>
      </div>
      {plans.isPending ? <LoadingState label="Loading plans…" /> : null}
      {plans.isError ? <Alert>{plans.error.message}</Alert> : null}
      {plans.data ? (
        <div className="overflow-x-auto rounded-card border border-border bg-surface">
          <table className="w-full min-w-[860px] text-start text-sm" data-testid="plans-table">
            <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 text-start">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {plans.data.map((plan) => (
                <PlanRow key={plan.plan_id} plan={plan} onEdit={() => setEditing(plan.plan_id)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing === 'new' ? <PlanForm key="new" plan={null} onDone={() => setEditing(null)} /> : null}
      {editingPlan ? (
        <PlanForm key={editingPlan.plan_id} plan={editingPlan} onDone={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

function PlanRow({ plan, onEdit }: { plan: Plan; onEdit: () => void }) {
  const features = PLAN_FEATURES.filter((feature) => plan.features[feature]).length;
  return (
    <tr className="border-t border-border" data-testid={`admin-plan-${plan.code}`}>
      <th scope="row" className={`${cell} text-start font-semibold`}>
        {plan.name}
      </th>
      <td className={`${cell} font-mono text-muted`}>{plan.code}</td>
      <td className={cell}>{pricesIn(plan, 'month')}</td>
      <td className={cell}>{pricesIn(plan, 'year')}</td>
      <td className={cell}>
        {plan.quality_label} {plan.quality_cap}p
      </td>
      <td className={cell}>
        {features} of {PLAN_FEATURES.length}
      </td>
      <td className={cell}>{plan.max_streams}</td>
      <td className={cell}>{plan.max_profiles}</td>
      <td className={cell}>{plan.offered ? 'Yes' : 'No'}</td>
      <td className={cell}>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
          Edit
        </Button>
      </td>
    </tr>
  );
}
