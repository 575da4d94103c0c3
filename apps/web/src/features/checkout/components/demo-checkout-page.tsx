import { planNameIn } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { formatMoney } from '../../../shared/i18n/format';

import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { LoadingState } from '../../../shared/ui/loading-state';
import { useToast } from '../../../shared/ui/toast-context';
import { demoSessionQuery, useDemoPay, useDemoPaySaved } from '../api/checkout-api';
import { DemoCardForm, DemoModeNotice, useDemoCardForm } from './demo-card-form';

/**
 * The demo provider's checkout (/checkout/demo?session=…): clearly not a real payment. During the free trial it
 * saves the card and says when the first payment is; nothing is charged today.
 */
export function DemoCheckoutPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('checkout'));
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const session = useQuery({ ...demoSessionQuery(sessionId), enabled: sessionId.length >= 8 });
  const pay = useDemoPay();
  const paySaved = useDemoPaySaved();
  const form = useDemoCardForm();
  // A card kept from an earlier purchase is offered first; the form is for another one.
  const [anotherCard, setAnotherCard] = useState(false);

  if (isApiError(session.error) && session.error.status === 401) {
    return (
      <Navigate to={`/signin?next=${encodeURIComponent(`/checkout/demo?session=${sessionId}`)}`} replace />
    );
  }
  if (sessionId.length >= 8 && session.isPending) return <LoadingState label={t('loading')} />;
  if (session.data?.status !== 'open') {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert">
          {session.data || isApiError(session.error) ? t('checkout_unavailable') : t('something_went_wrong')}
        </p>
        <Button onClick={() => void navigate('/pricingplan')}>{t('pricing_plan')}</Button>
      </div>
    );
  }

  const data = session.data;

  const paid = {
    onSuccess: (reply: { status: string; redirect: string }) => {
      toast.show(t(reply.status === 'trialing' ? 'plan_chosen_for_trial' : 'payment_succeeded'));
      void navigate(reply.redirect?.startsWith('/') ? reply.redirect : '/userprofile');
    },
    onError: form.showError,
  };
  // What the browser can check (the number's length, the expiry's form) is checked before it is sent.
  const submit = form.submit((card) => pay.mutate({ session: data.session_id, ...card }, paid));
  const savedCard = anotherCard ? null : data.saved_card;

  const locale = htmlLangOf(keyword);
  const price = formatMoney(data.price_cents, data.currency, locale);
  const firstPayment = formatDate(data.first_payment_at, locale);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t('checkout')}</h1>
      <DemoModeNotice />
      <section
        aria-label={planNameIn(data.plan, keyword)}
        className="rounded-card border border-border bg-surface p-5"
      >
        <p className="text-xl font-semibold">
          {planNameIn(data.plan, keyword)}{' '}
          <span className="text-sm text-muted">({data.plan.quality_label})</span>
        </p>
        <p data-testid="checkout-price">
          <span className="text-2xl font-bold">{price}</span>{' '}
          <span className="text-muted">/ {data.interval === 'year' ? t('per_year') : t('per_month')}</span>
        </p>
        {firstPayment ? (
          <p className="mt-2" data-testid="checkout-trial-note">
            {fill(t('checkout_trial_note'), { price, date: firstPayment })}
          </p>
        ) : null}
      </section>
      {savedCard ? (
        <section data-testid="saved-card" className="flex flex-col gap-3">
          {form.message || form.errors.card_number ? (
            <p role="alert" className="text-danger">
              {form.message ?? form.errors.card_number}
            </p>
          ) : null}
          <Button
            size="lg"
            busy={paySaved.isPending}
            onClick={() => {
              form.clear();
              paySaved.mutate(data.session_id, paid);
            }}
          >
            {fill(t('use_saved_card'), { card: savedCard })}
          </Button>
          <Button variant="ghost" onClick={() => setAnotherCard(true)}>
            {t('use_another_card')}
          </Button>
        </section>
      ) : (
        <DemoCardForm form={form} onSubmit={submit}>
          <Button type="submit" size="lg" busy={pay.isPending}>
            {firstPayment ? t('save_card') : `${t('pay')} ${price}`}
          </Button>
        </DemoCardForm>
      )}
    </div>
  );
}
