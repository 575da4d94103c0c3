import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { DownloadIcon } from '../../../shared/ui/icons';

export function DownloadSection() {
  const t = useT();
  return (
    <section aria-labelledby="download-title" className="mx-auto w-full max-w-screen-xl px-4 py-12 sm:px-6">
      <div className="grid items-center gap-8 rounded-card border border-border bg-surface p-6 sm:p-10 md:grid-cols-[auto_1fr]">
        <div
          aria-hidden
          className="mx-auto flex size-28 items-center justify-center rounded-3xl bg-gradient-to-br from-brand to-[#7a0a11] text-white shadow-card"
        >
          <DownloadIcon className="size-12" />
        </div>
        <div className="flex flex-col items-center gap-4 text-center md:items-start md:text-start">
          <h2 id="download-title" className="text-2xl font-bold sm:text-3xl">
            {t('download_favourites')}
          </h2>
          <p className="text-muted">{t('it_supper_easy')}</p>
          <Link to="/signupotp" className={buttonClasses('primary', 'md')}>
            <DownloadIcon className="size-4" />
            {t('download_app')}
          </Link>
        </div>
      </div>
    </section>
  );
}
