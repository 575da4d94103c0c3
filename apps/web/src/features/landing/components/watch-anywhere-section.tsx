import { useT } from '../../../shared/i18n/language-context';
import { DevicesIcon } from '../../../shared/ui/icons';

export function WatchAnywhereSection() {
  const t = useT();
  return (
    <section aria-labelledby="anywhere-title" className="mx-auto w-full max-w-screen-xl px-4 py-12 sm:px-6">
      <div className="grid items-center gap-8 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <h2 id="anywhere-title" className="text-3xl font-bold sm:text-4xl">
            {t('watch_anywhere_you_want')}
          </h2>
          <p className="text-lg text-muted">{t('watch_an_endless')}</p>
        </div>
        <div aria-hidden className="flex items-center justify-center">
          <div className="relative flex aspect-video w-full max-w-md items-center justify-center rounded-card border border-border bg-gradient-to-br from-surface-2 to-surface">
            <DevicesIcon className="size-28 text-muted" />
            <span className="absolute bottom-4 end-4 h-2 w-24 rounded-full bg-brand" />
          </div>
        </div>
      </div>
    </section>
  );
}
