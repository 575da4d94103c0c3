import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { SparkIcon } from '../../../shared/ui/icons';

export function WhatsNewSection() {
  const t = useT();
  return (
    <section aria-labelledby="whats-new-title" className="relative isolate overflow-hidden py-16">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,var(--color-brand-soft),transparent_55%),radial-gradient(circle_at_80%_70%,#1d4ed833,transparent_50%)]"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 text-center">
        <SparkIcon className="size-10 text-brand-strong" />
        <h2 id="whats-new-title" className="text-3xl font-bold sm:text-4xl">
          {t('whats_New_on_salomtv')}
        </h2>
        <Link to="/pricingplan" className={buttonClasses('primary', 'lg')}>
          {t('subscribe_now')}
        </Link>
        <p className="text-xs text-muted">{t('terms_and_conditions')}</p>
      </div>
    </section>
  );
}
