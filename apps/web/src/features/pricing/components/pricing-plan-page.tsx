import {
  type BillingInterval,
  DEFAULT_CURRENCY,
  marketCurrency,
  type PaymentProviderName,
  type Plan,
  type PlanChangePreview,
  planNameIn,
} from '@salomtv/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { subscriptionQuery } from '../../../shared/api/billing';
import { currentProfileOf, useProfiles } from '../../../shared/api/profiles';
import { meQuery, roleQuery } from '../../../shared/api/session';
import { useReplacePrerenderedPage } from '../../../shared/hooks/prerendered-page';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney } from '../../../shared/i18n/format';
import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useToast } from '../../../shared/ui/toast-context';
import { plansQuery, providersQuery, useCheckout } from '../api/pricing-api';
import { PlanChangeConfirm } from './plan-change-confirm';
import { PlanComparison } from './plan-comparison';
import { ProviderChoice } from './provider-choice';
import { TrialExplainer } from './trial-explainer';

const PAID = new Set(['active', 'past_due']);

const DONE_KEYS = {
  upgrade: 'plan_changed',
  switch: 'plan_changed',
  trial: 'plan_changed',
  downgrade: 'plan_change_scheduled',
  undo: 'plan_change_undone',
} as const satisfies Record<PlanChangePreview['kind'], string>;

/** Plan cards shown while the plans load: the seeded four, so the page keeps its place when they arrive. */
const PLACEHOLDER_CARDS = ['first', 'second', 'third', 'fourth'];
/** A plan card: every line has a set height, so a placeholder and the card take the same room. */
const card = 'flex h-full flex-col gap-4 rounded-card border bg-surface p-5';

/** Every currency some plan is sold in, alphabetically. */
function currenciesOf(plans: readonly Plan[] | undefined): string[] {
  return [...new Set((plans ?? []).flatMap((plan) => Object.keys(plan.prices)))].sort();
}

/**
 * The currency shown first: a subscriber's own (changes of plan stay in it), else the market of the account's phone,
 * else dollars, where some plan is sold in it.
 */
function defaultCurrency(
  offered: readonly string[],
  own: string | null | undefined,
  phone: string | undefined,
) {
  for (const currency of [own, marketCurrency(phone), DEFAULT_CURRENCY])
    if (currency && offered.includes(currency)) return currency;
  return offered[0] ?? DEFAULT_CURRENCY;
}

/** The calls the page starts with, started by its route as soon as this module is in (app/routing). */
export function startFirstCalls(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(plansQuery());
}

/**
 * Pricing Plan (/pricingplan, spec viewer 10): the plans with their price and Purchase or Change Plan, a table
 * comparing them (each feature once), and how the free trial and the first payment work. It says before anything
 * is paid that the free trial is kept (the first payment at its end), and what a change of plan charges now or
 * when it applies. Every part keeps its size while the plans and the viewer's subscription load.
 */
export function PricingPlanPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('pricing_plan'));
  // The server painted this page as it starts (app/prerender/page-shells.tsx): the app's render takes its place.
  useReplacePrerenderedPage();
  const locale = htmlLangOf(keyword);
  const navigate = useNavigate();
  const toast = useToast();
  const plans = useQuery(plansQuery());
  const role = useQuery(roleQuery());
  const signedIn = Boolean(role.data);
  const subscription = useQuery({ ...subscriptionQuery(), enabled: signedIn });
  const checkout = useCheckout();
  // The plan is the account holder's to choose: a kids profile sees the plans without buying one.
  const profile = useProfiles(currentProfileOf);
  const kids = profile.data?.kids ?? false;
  const me = useQuery({ ...meQuery(), enabled: signedIn });
  const [interval, setInterval] = useState<BillingInterval>('month');
  const [chosenCurrency, setCurrency] = useState<string>();
  const [chosenProvider, setProvider] = useState<PaymentProviderName>();
  const [error, setError] = useState<string>();
  const [changing, setChanging] = useState<Plan>();

  const sub = subscription.data;
  const paid = sub ? PAID.has(sub.status) : false;
  // During the trial a plan bought (card saved) is the one to change.
  const current = paid
    ? (sub?.plan ?? null)
    : sub?.status === 'trialing'
      ? (sub.scheduled_plan ?? null)
      : null;
  const currentPlanId = current?.plan_id;
  const currencies = currenciesOf(plans.data);
  // A plan already bought (or chosen for after the trial) changes in its subscription's currency.
  const ownCurrency = current ? sub?.currency : undefined;
  const currency =
    ownCurrency ?? chosenCurrency ?? defaultCurrency(currencies, ownCurrency, me.data?.phone_number);
  const providers = useQuery({ ...providersQuery(currency), enabled: Boolean(plans.data) && !current });
  const offeredProviders = providers.data?.providers;
  const provider =
    offeredProviders?.find((p) => p.name === chosenProvider)?.name ?? offeredProviders?.[0]?.name;
  const anyYearly = plans.data?.some((plan) => (plan.prices[currency]?.year ?? null) !== null) ?? false;
  const busyPlan = checkout.isPending ? checkout.variables?.plan_id : undefined;
  const trialEnds = sub?.status === 'trialing' ? formatDate(sub.trial_ends_at, locale) : undefined;
  const trialNote = trialEnds ? fill(t('trial_pricing_note'), { date: trialEnds }) : undefined;

  const choose = (plan: Plan) => {
    setError(undefined);
    if (!signedIn) {
      void navigate('/signupotp');
      return;
    }
    const onError = (cause: unknown) =>
      setError(isApiError(cause) && cause.message ? cause.message : t('something_went_wrong'));
    if (current) {
      setChanging(plan);
      return;
    }
    const chosen = interval === 'year' && (plan.prices[currency]?.year ?? null) !== null ? 'year' : 'month';
    checkout.mutate(
      { plan_id: plan.plan_id, interval: chosen, currency, provider },
      {
        onSuccess: (reply) => {
          if (/^https?:\/\//.test(reply.url)) window.location.assign(reply.url);
          else void navigate(reply.url);
        },
        onError: (cause) => {
          if (isApiError(cause) && cause.status === 409) setChanging(plan);
          else onError(cause);
        },
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('pricing_plan')}</h1>
        <div className="flex flex-wrap gap-2">
          {/* Hidden, not left out, until the plans' currencies are known: its space is kept. */}
          <fieldset
            className={`flex min-w-32 gap-1 rounded-md border border-border bg-surface p-1 ${currencies.length > 1 ? '' : 'invisible'}`}
            aria-hidden={currencies.length > 1 ? undefined : true}
            disabled={Boolean(ownCurrency) || currencies.length < 2}
          >
            <legend className="sr-only">{t('currency')}</legend>
            {(currencies.length > 1 ? currencies : []).map((value) => (
              <Button
                key={value}
                size="sm"
                variant={currency === value ? 'primary' : 'ghost'}
                aria-pressed={currency === value}
                data-testid={`currency-${value}`}
                onClick={() => setCurrency(value)}
              >
                {value}
              </Button>
            ))}
          </fieldset>
          {/* Hidden, not left out, until yearly prices are known: its space is kept. */}
          <fieldset
            className={`flex gap-1 rounded-md border border-border bg-surface p-1 ${anyYearly ? '' : 'invisible'}`}
            aria-hidden={anyYearly ? undefined : true}
            disabled={!anyYearly}
          >
            <legend className="sr-only">{t('billing_period')}</legend>
            {(['month', 'year'] as const).map((value) => (
              <Button
                key={value}
                size="sm"
                variant={interval === value ? 'primary' : 'ghost'}
                aria-pressed={interval === value}
                onClick={() => setInterval(value)}
              >
                {value === 'month' ? t('monthly') : t('yearly')}
              </Button>
            ))}
          </fieldset>
        </div>
      </div>
      {/* The viewer's own trial when they are in one, else how every account starts; its lines are kept. */}
      <p
        className="min-h-[3lh] text-muted sm:min-h-[2lh]"
        {...(trialNote ? { 'data-testid': 'trial-note' } : {})}
      >
        {trialNote ?? t('trial_pricing_intro')}
      </p>
      {kids ? (
        <Alert tone="info">
          <span data-testid="kids-account-notice">{t('kids_account_notice')}</span>
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {/* The room for the providers is kept while the plans and then the providers load. */}
      {!current && !kids ? (
        <div className="min-h-[4.5rem]">
          {offeredProviders ? (
            <ProviderChoice
              legend={t('pay_with')}
              providers={offeredProviders}
              value={provider}
              onChange={setProvider}
            />
          ) : null}
        </div>
      ) : null}
      {changing ? (
        <PlanChangeConfirm
          key={changing.plan_id}
          plan={changing}
          current={current}
          onCancel={() => setChanging(undefined)}
          onDone={(kind) => {
            setChanging(undefined);
            toast.show(t(DONE_KEYS[kind]));
          }}
        />
      ) : null}
      {plans.isError ? (
        <div className="flex flex-col items-center gap-4 py-10 text-center">
          <p role="alert">{t('something_went_wrong')}</p>
          <Button onClick={() => void plans.refetch()}>{t('try_again')}</Button>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-busy={!plans.data}>
          {plans.data
            ? plans.data.map((plan) => {
                const isCurrent = plan.plan_id === currentPlanId;
                const own = plan.prices[currency];
                const yearly = interval === 'year' && (own?.year ?? null) !== null;
                const price = own
                  ? formatMoney(yearly ? (own.year ?? 0) : own.month, currency, locale)
                  : undefined;
                const headingId = `plan-${plan.plan_id}-title`;
                return (
                  <li key={plan.plan_id}>
                    <section
                      aria-labelledby={headingId}
                      data-testid={`plan-${plan.code}`}
                      className={`${card} ${isCurrent ? 'border-brand' : 'border-border'}`}
                    >
                      <div className="flex h-7 items-center justify-between gap-2">
                        <h2 id={headingId} className="truncate text-xl font-semibold">
                          {planNameIn(plan, keyword)}
                        </h2>
                        <span className="rounded bg-surface-2 px-2 py-0.5 text-xs font-bold">
                          {plan.quality_label}
                        </span>
                      </div>
                      <p
                        className="h-5 text-sm font-semibold text-brand"
                        data-testid={isCurrent ? 'current-plan' : undefined}
                      >
                        {isCurrent ? t('current_plan') : null}
                      </p>
                      <p className="h-9 whitespace-nowrap" data-testid="plan-price">
                        {price ? (
                          <>
                            {/* So'm amounts are long: smaller on a phone, so the card keeps the screen's width. */}
                            <span className="text-2xl font-bold sm:text-3xl">{price}</span>{' '}
                            <span className="text-sm text-muted sm:text-base">
                              / {yearly ? t('per_year') : t('per_month')}
                            </span>
                          </>
                        ) : (
                          <span className="text-muted">{t('not_sold_in_currency')}</span>
                        )}
                      </p>
                      <Button
                        variant={isCurrent ? 'secondary' : 'primary'}
                        disabled={
                          isCurrent ||
                          !price ||
                          kids ||
                          busyPlan !== undefined ||
                          role.isPending ||
                          profile.isLoading
                        }
                        busy={busyPlan === plan.plan_id}
                        aria-describedby={headingId}
                        onClick={() => choose(plan)}
                      >
                        {isCurrent ? t('current_plan') : current ? t('change_plan') : t('purchase')}
                      </Button>
                    </section>
                  </li>
                );
              })
            : PLACEHOLDER_CARDS.map((id) => (
                <li key={id}>
                  <div className={`${card} border-border`} data-testid="plan-placeholder">
                    <div className="h-7 w-1/2 rounded bg-surface-2" />
                    <div className="h-5" />
                    <div className="h-9 w-2/3 rounded bg-surface-2" />
                    <div className="h-10 rounded-md bg-surface-2" />
                  </div>
                </li>
              ))}
        </ul>
      )}
      <PlanComparison plans={plans.data} />
      <TrialExplainer />
    </div>
  );
}
