import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { PosterWall } from './poster-wall';

export function LandingHero() {
  const t = useT();
  return (
    <section className="relative isolate overflow-hidden" aria-labelledby="landing-title">
      <PosterWall />
      <div className="relative mx-auto flex min-h-[70dvh] max-w-screen-xl flex-col items-center justify-center gap-6 px-4 py-20 text-center sm:px-6">
        <p className="rounded-full border border-border bg-surface/80 px-4 py-1 text-sm font-medium text-muted">
          {t('movies_of_this_season')}
        </p>
        <h1
          id="landing-title"
          className="max-w-4xl text-4xl font-extrabold leading-tight sm:text-5xl lg:text-6xl"
        >
          {t('world_best')}
        </h1>
        <p className="text-lg text-muted">{t('free_trial')}</p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Link to="/signupotp" className={buttonClasses('primary', 'lg')}>
            {t('sign_up')}
          </Link>
          <Link to="/signin" className={buttonClasses('secondary', 'lg')}>
            {t('sign_in')}
          </Link>
        </div>
      </div>
    </section>
  );
}
