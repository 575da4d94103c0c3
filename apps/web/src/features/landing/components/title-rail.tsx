import { useT } from '../../../shared/i18n/language-context';

/**
 * A horizontal row of titles (the landing slider and the popular row). The catalogue issue fills it;
 * until then it shows its empty state.
 */
export function TitleRail({ id, heading }: { id: string; heading: string }) {
  const t = useT();
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-screen-2xl px-4 py-10 sm:px-6">
      <h2 id={id} className="mb-5 text-2xl font-bold sm:text-3xl">
        {heading}
      </h2>
      <div className="flex gap-4 overflow-x-auto pb-2">
        {[0, 1, 2, 3, 4, 5].map((slot) => (
          <div
            key={slot}
            aria-hidden
            className="aspect-[2/3] w-36 shrink-0 rounded-card border border-dashed border-border bg-surface sm:w-44"
          />
        ))}
      </div>
      <p className="mt-4 text-muted">{t('nothing_here_yet')}</p>
    </section>
  );
}
