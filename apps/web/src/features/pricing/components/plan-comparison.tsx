import { type Plan, type PlanFeature, planNameIn, type TranslationKey } from '@salomtv/contract';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import type { Translate } from '../../../shared/i18n/translate';

/** The collections and the ad-free viewing a plan may include: a check or a cross per plan. */
const INCLUDED_ROWS: readonly PlanFeature[] = [
  'add_free_entertainment',
  'new_movies',
  'salomtv_special',
  'america_tv_shows',
  'hollywood_movies',
];

/** A row of the table: its label and, per plan, a value shown as text or as a check or a cross. */
export interface ComparisonRow {
  key: TranslationKey;
  cells: (string | boolean)[];
}

/** The rows compared: quality, screens at once, ads and each collection (the spec's features, once each). */
export function comparisonRows(plans: readonly Plan[]): ComparisonRow[] {
  return [
    { key: 'video_quality', cells: plans.map((plan) => `${plan.quality_label} ${plan.quality_cap}p`) },
    { key: 'screens_at_once', cells: plans.map((plan) => String(plan.max_streams)) },
    ...INCLUDED_ROWS.map((feature) => ({ key: feature, cells: plans.map((plan) => plan.features[feature]) })),
  ];
}

/** The rows the table has whatever the plans: the page keeps their space while the plans load. */
const ROW_KEYS: readonly TranslationKey[] = ['video_quality', 'screens_at_once', ...INCLUDED_ROWS];
/** Columns kept for plans not loaded yet (the seeded four). */
const PLACEHOLDER_COLUMNS = ['first', 'second', 'third', 'fourth'];

/** A check or a cross, with its words: for screen readers only, or shown beside it when `label` is given. */
function Mark({ included, t, label }: { included: boolean; t: Translate; label?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden className={included ? 'text-brand-strong' : 'text-muted'}>
        {included ? '✓' : '✕'}
      </span>
      {label ?? <span className="sr-only">{included ? t('included') : t('not_included')}</span>}
    </span>
  );
}

const cell = 'h-12 px-3 text-center align-middle';
const headCell = 'sticky start-0 z-10 h-12 bg-surface px-3 text-start align-middle font-medium';

/**
 * The plans side by side: a row per feature, a column per plan. A feature every plan has alike is said once,
 * across the plan columns ("In every plan"), instead of the same mark four times.
 */
export function PlanComparison({ plans }: { plans: readonly Plan[] | undefined }) {
  const t = useT();
  const keyword = useKeyword();
  const rows = plans ? comparisonRows(plans) : [];
  const columns = plans?.length ?? PLACEHOLDER_COLUMNS.length;
  return (
    <div className="flex flex-col gap-4">
      <h2 id="compare-plans" className="text-2xl font-bold">
        {t('compare_plans')}
      </h2>
      {/* Focusable, so a keyboard can scroll it on a narrow screen. */}
      <section
        className="relative overflow-x-auto rounded-card border border-border bg-surface"
        aria-labelledby="compare-plans"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
        tabIndex={0}
      >
        <table className="w-full min-w-[34rem] border-collapse text-sm" aria-busy={!plans}>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className={headCell}>
                {t('plan_feature')}
              </th>
              {plans
                ? plans.map((plan) => (
                    <th key={plan.plan_id} scope="col" className={`${cell} font-semibold`}>
                      {planNameIn(plan, keyword)}
                    </th>
                  ))
                : PLACEHOLDER_COLUMNS.map((id) => <td key={id} className={cell} />)}
            </tr>
          </thead>
          <tbody>
            {plans
              ? rows.map((row) => {
                  const same = row.cells.every((value) => value === row.cells[0]);
                  return (
                    <tr
                      key={row.key}
                      className="border-b border-border last:border-b-0"
                      data-testid={`compare-${row.key}`}
                    >
                      <th scope="row" className={headCell}>
                        {t(row.key)}
                      </th>
                      {same ? (
                        <td colSpan={columns} className={cell} data-testid="compare-same">
                          {typeof row.cells[0] === 'boolean' ? (
                            <Mark
                              included={row.cells[0]}
                              t={t}
                              label={row.cells[0] ? t('in_every_plan') : t('in_no_plan')}
                            />
                          ) : (
                            row.cells[0]
                          )}
                        </td>
                      ) : (
                        row.cells.map((value, i) => (
                          <td key={plans[i]!.plan_id} className={cell}>
                            {typeof value === 'boolean' ? <Mark included={value} t={t} /> : value}
                          </td>
                        ))
                      )}
                    </tr>
                  );
                })
              : ROW_KEYS.map((key) => (
                  <tr key={key} className="border-b border-border last:border-b-0">
                    <td className={headCell} colSpan={columns + 1} />
                  </tr>
                ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
