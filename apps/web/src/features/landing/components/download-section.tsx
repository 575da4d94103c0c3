import { useInstallApp } from '../../../shared/hooks/install-app';
import { useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { DownloadIcon } from '../../../shared/ui/icons';

/**
 * "Get the app": the site installs as an app from here. The browser's own install dialog where it offers one,
 * the Share menu's steps on iPhone and iPad, its menu's elsewhere; nothing once it is installed. No store links:
 * there is no store app.
 */
export function DownloadSection() {
  const t = useT();
  const { way, install } = useInstallApp();
  return (
    <section aria-labelledby="download-title" className="mx-auto w-full max-w-screen-xl px-4 py-12 sm:px-6">
      <div className="grid items-center gap-8 rounded-card border border-border bg-surface p-6 sm:p-10 md:grid-cols-[auto_1fr]">
        <img
          src="/icon-192.png"
          alt=""
          width={112}
          height={112}
          loading="lazy"
          className="mx-auto size-28 rounded-3xl shadow-card"
        />
        <div className="flex flex-col items-center gap-4 text-center md:items-start md:text-start">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-strong">
            {t('download_app')}
          </p>
          <h2 id="download-title" className="text-2xl font-bold sm:text-3xl">
            {t('download_favourites')}
          </h2>
          <p className="text-muted">{t('it_supper_easy')}</p>
          <p className="text-muted">{t('install_app_text')}</p>
          <div className="min-h-12" data-testid="install-app" data-way={way}>
            {way === 'prompt' ? (
              <button type="button" className={buttonClasses('primary', 'lg')} onClick={() => void install()}>
                <DownloadIcon className="size-5" />
                {t('install_app')}
              </button>
            ) : (
              <p className="font-semibold" role="status">
                {way === 'installed'
                  ? t('app_installed')
                  : way === 'ios'
                    ? t('install_ios')
                    : t('install_browser_menu')}
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
