import type { UserProfile } from '@salomtv/contract';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { formatDate } from './account-format';

const cardClass = 'rounded-card border border-border bg-surface p-5 sm:p-6';

/** Billing Details and Plan Details: the free trial for now (the billing issue adds subscriptions). */
export function BillingSection({ profile }: { profile: UserProfile }) {
  const { t, keyword } = useLanguage();
  const trialEnds = formatDate(profile.trial_ends_at, htmlLangOf(keyword));
  const trialRunning =
    profile.trial_ends_at !== null && new Date(profile.trial_ends_at).getTime() > Date.now();
  return (
    <>
      <section aria-labelledby="billing-title" className={cardClass}>
        <h2 id="billing-title" className="mb-3 text-lg font-semibold">
          {t('billing_details')}
        </h2>
        <p className="text-muted" data-testid="next-billing">
          {trialEnds ? (
            <>
              {t('your_next_billing_date_is')} <span className="font-semibold text-text">{trialEnds}</span>
            </>
          ) : (
            t('no_plan')
          )}
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Link to="/pricingplan" className={buttonClasses('secondary', 'md')}>
            {t('update_payment_info')}
          </Link>
          <Button variant="danger" disabled aria-describedby="cancel-membership-note">
            {t('cancel_membership')}
          </Button>
          <span id="cancel-membership-note" className="text-xs text-muted">
            {t('available_with_subscription')}
          </span>
        </div>
      </section>
      <section aria-labelledby="plan-title" className={cardClass}>
        <h2 id="plan-title" className="mb-3 text-lg font-semibold">
          {t('plan_details')}
        </h2>
        <p className="text-muted">
          {trialRunning && trialEnds ? (
            <>
              {t('free_trial_until')} <span className="font-semibold text-text">{trialEnds}</span>
            </>
          ) : (
            t('no_plan')
          )}
        </p>
        <Link to="/pricingplan" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('change_plan')}
        </Link>
      </section>
    </>
  );
}
