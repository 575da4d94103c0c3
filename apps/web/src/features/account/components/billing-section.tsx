import { planNameIn, type SubscriptionReply, type TranslationKey, type UserProfile } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { subscriptionQuery } from '../../../shared/api/billing';
import { formatMoney } from '../../../shared/i18n/format';

import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useToast } from '../../../shared/ui/toast-context';
import { paymentsQuery, useCancelMembership, usePaymentPortal, useUndoPlanChange } from '../api/billing';

const cardClass = 'rounded-card border border-border bg-surface p-5 sm:p-6';

const STATUS_KEYS: Record<SubscriptionReply['status'], TranslationKey> = {
  trialing: 'status_trialing',
  active: 'status_active',
  past_due: 'status_past_due',
  canceled: 'status_canceled',
  expired: 'status_expired',
  none: 'no_plan',
};
const PAYMENT_STATUS_KEYS = {
  succeeded: 'payment_succeeded_status',
  failed: 'payment_failed_status',
  refunded: 'payment_refunded_status',
} as const satisfies Record<string, TranslationKey>;

/**
 * Billing Details and Plan Details (spec viewer 11): the real subscription, its payments, cancel and undo, a
 * scheduled downgrade with its date (and Undo), and during the trial the first payment, only once a card is saved.
 */
export function BillingSection({ profile }: { profile: UserProfile }) {
  const { t, keyword } = useLanguage();
  const locale = htmlLangOf(keyword);
  const toast = useToast();
  const subscription = useQuery(subscriptionQuery());
  const payments = useQuery(paymentsQuery());
  const cancel = useCancelMembership('cancel');
  const resume = useCancelMembership('resume');
  const portal = usePaymentPortal();
  const undoChange = useUndoPlanChange();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const sub = subscription.data;
  const date = (value: string | null | undefined) => formatDate(value, locale);

  const trialEnds = date(sub?.trial_ends_at ?? profile.trial_ends_at);
  // The words come from the server's summary, the one the admin's screens and the CSV read too.
  const summary = sub?.summary;
  const trialing = summary?.trial ?? false;
  const pending = summary?.pending_change;
  // A trial is billed only once a plan is bought with a card: then its end is the first payment.
  const trialPlan = pending?.kind === 'after_trial' ? pending.plan : null;
  const nextBilling = date(summary?.next_charge_at);
  const scheduled = pending?.kind === 'downgrade' ? pending : null;
  const card = summary?.card ?? null;
  const endsOn = sub?.cancel_at_period_end ? date(sub.access_until ?? sub.current_period_end) : undefined;
  const paid = sub ? sub.status === 'active' || sub.status === 'past_due' : false;
  const cancellable = paid || Boolean(trialPlan);
  const failed = cancel.error ?? resume.error ?? portal.error ?? undoChange.error;
  const graceEnds = sub?.status === 'past_due' ? date(sub.grace_until) : undefined;

  /** Update Payment info goes through the provider: its own page (Stripe) or our demo card page. */
  const onUpdatePayment = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
        else window.location.assign(url);
      },
    });

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.show(t('updated')),
      onSettled: () => setAsking(false),
    });
  const onUndo = () => resume.mutate(undefined, { onSuccess: () => toast.show(t('membership_continues')) });
  const onUndoChange = () =>
    undoChange.mutate(undefined, { onSuccess: () => toast.show(t('plan_change_undone')) });

  return (
    <>
      <section aria-labelledby="billing-title" className={cardClass}>
        <h2 id="billing-title" className="mb-3 text-lg font-semibold">
          {t('billing_details')}
        </h2>
        {graceEnds ? (
          <div className="mb-3" data-testid="past-due">
            <Alert>{t('payment_past_due_notice').replace('{date}', graceEnds)}</Alert>
          </div>
        ) : null}
        {endsOn ? (
          <p className="text-muted" data-testid="membership-ends">
            {t('membership_ends_on')} <span className="font-semibold text-text">{endsOn}</span>
          </p>
        ) : (
          <p className="text-muted" data-testid="next-billing">
            {trialing ? (
              trialPlan && nextBilling ? (
                <span className="font-semibold text-text">
                  {fill(t('first_payment_on'), { date: nextBilling })}
                </span>
              ) : card ? (
                t('trial_card_no_plan')
              ) : (
                t('trial_no_card')
              )
            ) : nextBilling ? (
              <>
                {t('your_next_billing_date_is')}{' '}
                <span className="font-semibold text-text">{nextBilling}</span>
              </>
            ) : (
              t('no_plan')
            )}
          </p>
        )}
        {scheduled ? (
          <div className="mt-3 flex flex-wrap items-center gap-3" data-testid="scheduled-change">
            <p>
              {fill(t('scheduled_plan_change'), {
                plan: planNameIn(scheduled.plan, keyword),
                date: date(scheduled.at) ?? '',
              })}
            </p>
            <Button size="sm" variant="secondary" busy={undoChange.isPending} onClick={onUndoChange}>
              {t('undo')}
            </Button>
          </div>
        ) : null}
        {pending?.kind === 'upgrade' ? (
          <p className="mt-3" data-testid="pending-upgrade">
            {fill(t('upgrade_pending'), { plan: planNameIn(pending.plan, keyword) })}
          </p>
        ) : null}
        {card ? (
          <p className="mt-2 text-muted" data-testid="payment-method">
            {t('payment_method')}: <span className="text-text">{card}</span>
          </p>
        ) : null}
        {failed ? (
          <div className="mt-3">
            <Alert>{failed.message || t('something_went_wrong')}</Alert>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant={graceEnds ? 'primary' : 'secondary'}
            busy={portal.isPending}
            onClick={onUpdatePayment}
          >
            {t('update_payment_info')}
          </Button>
          {endsOn ? (
            <Button variant="primary" busy={resume.isPending} onClick={onUndo}>
              {t('undo')}
            </Button>
          ) : (
            <>
              <Button
                variant="danger"
                disabled={!cancellable}
                busy={cancel.isPending}
                aria-describedby={cancellable ? undefined : 'cancel-membership-note'}
                aria-haspopup="dialog"
                onClick={() => setAsking(true)}
              >
                {t('cancel_membership')}
              </Button>
              {cancellable ? null : (
                <span id="cancel-membership-note" className="text-xs text-muted">
                  {t('available_with_subscription')}
                </span>
              )}
              {asking ? (
                <ConfirmDialog
                  title={t('cancel_membership')}
                  message={
                    trialPlan
                      ? fill(t('confirm_cancel_trial_plan'), {
                          plan: planNameIn(trialPlan, keyword),
                          date: trialEnds ?? '',
                        })
                      : t('confirm_cancel_membership')
                  }
                  confirmLabel={trialPlan ? t('cancel_trial_plan') : t('cancel_membership')}
                  cancelLabel={t('keep_membership')}
                  busy={cancel.isPending}
                  onConfirm={onCancel}
                  onCancel={() => setAsking(false)}
                />
              ) : null}
            </>
          )}
        </div>
        <h3 className="mt-6 mb-2 font-semibold">{t('payment_history')}</h3>
        {payments.data && payments.data.items.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="payment-history">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    {t('date')}
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    {t('amount')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {payments.data.items.map((payment) => (
                  <tr key={payment.payment_id} className="border-t border-border">
                    <td className="py-2 pr-4">{date(payment.created_at)}</td>
                    <td className="py-2 pr-4">
                      {formatMoney(payment.amount_cents, payment.currency, locale)}
                    </td>
                    <td className="py-2">{t(PAYMENT_STATUS_KEYS[payment.status])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted">{payments.isPending ? t('loading') : t('no_payments')}</p>
        )}
      </section>
      <section aria-labelledby="plan-title" className={cardClass}>
        <h2 id="plan-title" className="mb-3 text-lg font-semibold">
          {t('plan_details')}
        </h2>
        {sub && summary?.plan_now ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="plan-details">
            <dt className="text-muted">{t('plan_details')}</dt>
            <dd className="font-semibold" data-testid="plan-name">
              {planNameIn(summary.plan_now, keyword)} ({summary.plan_now.quality_label})
            </dd>
            <dt className="text-muted">{t('status')}</dt>
            <dd data-testid="plan-status">{t(STATUS_KEYS[sub.status])}</dd>
            {sub.price_cents !== null && sub.currency ? (
              <>
                <dt className="text-muted">{t('price')}</dt>
                <dd>
                  {formatMoney(sub.price_cents, sub.currency, locale)} /{' '}
                  {sub.interval === 'year' ? t('per_year') : t('per_month')}
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <>
            <p className="text-muted" data-testid="plan-status">
              {trialing && trialEnds ? (
                <>
                  {t('free_trial_until')} <span className="font-semibold text-text">{trialEnds}</span>
                </>
              ) : sub ? (
                t(STATUS_KEYS[sub.status])
              ) : (
                t('no_plan')
              )}
            </p>
            {trialPlan ? (
              <p className="mt-1 text-muted" data-testid="trial-plan">
                {t('plan_after_trial')}:{' '}
                <span className="font-semibold text-text">
                  {planNameIn(trialPlan, keyword)} ({trialPlan.quality_label})
                </span>
              </p>
            ) : null}
          </>
        )}
        <Link to="/pricingplan" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('change_plan')}
        </Link>
      </section>
    </>
  );
}
