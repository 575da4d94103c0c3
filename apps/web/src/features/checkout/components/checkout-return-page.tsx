import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useBillingChanged } from '../../../shared/api/billing';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { LoadingState } from '../../../shared/ui/loading-state';
import { checkoutStatusQuery } from '../api/checkout-api';

/**
 * Where a provider's checkout page (Payme's) sends the viewer back to (/checkout/return?session=…): the provider
 * tells our server, not the browser, so the page asks until the payment is in or the checkout has expired.
 */
export function CheckoutReturnPage() {
  const { t } = useLanguage();
  useDocumentTitle(t('checkout'));
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const checkout = useQuery({ ...checkoutStatusQuery(sessionId), enabled: sessionId.length >= 8 });
  const changed = useBillingChanged();
  const status = checkout.data?.status;
  // The plan is on: the account page, the pricing page and the catalogue's locks are fetched again, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is a new function each render
  useEffect(() => {
    if (status === 'completed') void changed();
  }, [status]);

  if (isApiError(checkout.error) && checkout.error.status === 401) {
    return (
      <Navigate to={`/signin?next=${encodeURIComponent(`/checkout/return?session=${sessionId}`)}`} replace />
    );
  }
  if (sessionId.length >= 8 && checkout.isPending) return <LoadingState label={t('loading')} />;
  const message =
    status === 'completed'
      ? t('payment_succeeded')
      : status === 'open'
        ? t('payment_waiting')
        : checkout.data || isApiError(checkout.error)
          ? t('checkout_unavailable')
          : t('something_went_wrong');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t('checkout')}</h1>
      <p role={status === 'open' ? 'status' : 'alert'} aria-live="polite">
        {message}
      </p>
      {status === 'completed' ? (
        <Link className="underline" to="/userprofile">
          {t('my_profile')}
        </Link>
      ) : status === 'open' ? null : (
        <Link className="underline" to="/pricingplan">
          {t('pricing_plan')}
        </Link>
      )}
    </div>
  );
}
