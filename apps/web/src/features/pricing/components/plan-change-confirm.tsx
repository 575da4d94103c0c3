import { type Plan, type PlanChangePreview, planNameIn } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/i18n/format';

import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { planChangePreviewQuery, useChangePlan } from '../api/pricing-api';

/**
 * What changing to `plan` will do, as the server works it out (the prorated amount charged now, or the date a
 * downgrade applies), shown before the viewer confirms; nothing is charged until they do.
 */
export function PlanChangeConfirm({
  plan,
  current,
  onDone,
  onCancel,
}: {
  plan: Plan;
  /** The plan in force (or chosen for after the trial). */
  current: Plan | null;
  onDone: (kind: PlanChangePreview['kind']) => void;
  onCancel: () => void;
}) {
  const { t, keyword } = useLanguage();
  const locale = htmlLangOf(keyword);
  const preview = useQuery(planChangePreviewQuery(plan.plan_id));
  const change = useChangePlan();
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const explain = (p: PlanChangePreview) => {
    const money = (cents: number) => formatMoney(cents, p.currency, locale);
    const values = {
      amount: money(p.amount_due_now_cents),
      price: `${money(p.renewal_price_cents)} / ${p.interval === 'year' ? t('per_year') : t('per_month')}`,
      date:
        formatDate(
          p.kind === 'downgrade' || p.kind === 'trial' ? p.effective_at : p.next_billing_date,
          locale,
        ) ?? '',
      plan: planNameIn(plan, keyword),
      current: current ? planNameIn(current, keyword) : '',
    };
    const key = {
      upgrade: 'plan_change_upgrade',
      downgrade: 'plan_change_downgrade',
      switch: 'plan_change_switch',
      undo: 'plan_change_undo',
      trial: 'plan_change_trial',
    } as const;
    return fill(t(key[p.kind]), values);
  };

  const confirm = (p: PlanChangePreview) => {
    setError(undefined);
    change.mutate(plan.plan_id, {
      onSuccess: () => onDone(p.kind),
      onError: (cause) => {
        if (isApiError(cause) && cause.code === 'card_declined') {
          setError(fill(t('upgrade_declined'), { plan: current ? planNameIn(current, keyword) : '' }));
        } else setError(isApiError(cause) && cause.message ? cause.message : t('something_went_wrong'));
      },
    });
  };

  const refused = preview.error;
  return (
    <section
      aria-labelledby="plan-change-title"
      data-testid="plan-change"
      className="flex flex-col gap-3 rounded-card border border-brand bg-surface p-5"
    >
      <h2 id="plan-change-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t('change_plan')}: {planNameIn(plan, keyword)}
      </h2>
      {preview.data ? (
        <p data-testid="plan-change-terms">{explain(preview.data)}</p>
      ) : refused ? (
        <Alert>{isApiError(refused) && refused.message ? refused.message : t('something_went_wrong')}</Alert>
      ) : (
        <p className="text-muted">{t('loading')}</p>
      )}
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        {preview.data ? (
          <Button busy={change.isPending} onClick={() => confirm(preview.data)}>
            {t('confirm_change')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </section>
  );
}
