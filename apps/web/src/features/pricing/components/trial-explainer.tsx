import { useT } from '../../../shared/i18n/language-context';

/**
 * How the free trial and the first payment work, after the page's note on the trial (that note says the trial
 * is kept; these steps say what a purchase during it does and when the first payment is taken).
 */
export function TrialExplainer() {
  const t = useT();
  return (
    <section aria-labelledby="how-trial-works" className="flex flex-col gap-3" data-testid="trial-explainer">
      <h2 id="how-trial-works" className="text-2xl font-bold">
        {t('how_trial_works')}
      </h2>
      <ol className="flex list-decimal flex-col gap-2 ps-6 text-muted">
        <li>{t('trial_step_choose')}</li>
        <li>{t('trial_step_first_payment')}</li>
      </ol>
    </section>
  );
}
