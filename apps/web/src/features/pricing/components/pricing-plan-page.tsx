import { useT } from '../../../shared/i18n/language-context';
import { PageIntro } from '../../../shared/ui/page-intro';

/** Pricing Plan (/pricingplan): the plans and their features. */
export function PricingPlanPage() {
  const t = useT();
  return <PageIntro title={t('pricing_plan')} description={t('nothing_here_yet')} />;
}
