import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { LoadingState } from '../../../shared/ui/loading-state';
import { useToast } from '../../../shared/ui/toast-context';
import { demoSessionQuery, formatMoney, useDemoPay } from '../../pricing/api/billing-api';

type CardField = 'card_number' | 'exp' | 'cvc' | 'name';

/** The demo provider's checkout (/checkout/demo?session=…): clearly not a real payment. */
export function DemoCheckoutPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('checkout'));
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const session = useQuery({ ...demoSessionQuery(sessionId), enabled: sessionId.length >= 8 });
  const pay = useDemoPay();
  const [card, setCard] = useState<Record<CardField, string>>({
    card_number: '',
    exp: '',
    cvc: '',
    name: '',
  });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [message, setMessage] = useState<string>();

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
  const set = (field: CardField) => (event: { target: { value: string } }) =>
    setCard((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(undefined);
    pay.mutate(
      { session: data.session_id, ...card },
      {
        onSuccess: (reply) => {
          toast.show(t('payment_succeeded'));
          void navigate(reply.redirect?.startsWith('/') ? reply.redirect : '/userprofile');
        },
        onError: (cause) => {
          if (isApiError(cause) && (cause.status === 402 || cause.code === 'card_declined')) {
            setErrors({ card_number: t('card_declined') });
          } else if (isApiError(cause) && Object.keys(cause.fields).length > 0) {
            setErrors(cause.fields as Partial<Record<CardField, string>>);
          } else {
            setMessage(isApiError(cause) && cause.message ? cause.message : t('something_went_wrong'));
          }
        },
      },
    );
  };

  const price = formatMoney(data.price_cents, data.currency, htmlLangOf(keyword));
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t('checkout')}</h1>
      <p
        data-testid="demo-mode"
        className="rounded-md border border-yellow-500/60 bg-yellow-500/10 px-4 py-3 text-sm font-semibold"
      >
        {t('demo_mode')}
      </p>
      <section aria-label={data.plan.name} className="rounded-card border border-border bg-surface p-5">
        <p className="text-xl font-semibold">
          {data.plan.name} <span className="text-sm text-muted">({data.plan.quality_label})</span>
        </p>
        <p data-testid="checkout-price">
          <span className="text-2xl font-bold">{price}</span>{' '}
          <span className="text-muted">/ {data.interval === 'year' ? t('per_year') : t('per_month')}</span>
        </p>
      </section>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
      >
        {message ? <Alert>{message}</Alert> : null}
        <Field
          id="card_number"
          label={t('card_number')}
          error={errors.card_number}
          hint={t('test_cards_hint')}
        >
          <Input
            id="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.card_number}
            onChange={set('card_number')}
            {...describedBy('card_number', errors.card_number, t('test_cards_hint'))}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id="exp" label={t('card_expiry')} error={errors.exp}>
            <Input
              id="exp"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.exp}
              onChange={set('exp')}
              {...describedBy('exp', errors.exp)}
            />
          </Field>
          <Field id="cvc" label={t('card_cvc')} error={errors.cvc}>
            <Input
              id="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvc}
              onChange={set('cvc')}
              {...describedBy('cvc', errors.cvc)}
            />
          </Field>
        </div>
        <Field id="name" label={t('name_on_card')} error={errors.name}>
          <Input
            id="name"
            autoComplete="cc-name"
            value={card.name}
            onChange={set('name')}
            {...describedBy('name', errors.name)}
          />
        </Field>
        <Button type="submit" size="lg" busy={pay.isPending}>
          {t('pay')} {price}
        </Button>
      </form>
    </div>
  );
}
