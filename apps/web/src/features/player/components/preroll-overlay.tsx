import { PREROLL_SKIP_SECONDS } from '@salomtv/contract';
import { useState } from 'react';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';

/**
 * Shown over the house trailer that plays before a feature: what it is, and Skip once it has run for
 * `PREROLL_SKIP_SECONDS` (counted from when the overlay appears).
 */
export function PrerollOverlay({ title, onSkip }: { title: string; onSkip: () => void }) {
  const t = useT();
  const [until] = useState(() => Date.now() + PREROLL_SKIP_SECONDS * 1000);
  const left = useCountdown(until);
  return (
    <div
      className="pointer-events-none absolute inset-0 flex flex-col justify-between p-4"
      data-testid="preroll"
    >
      <p className="self-start rounded bg-black/70 px-3 py-1 text-sm text-white">
        {fill(t('preroll_notice'), { title })}
      </p>
      <div className="pointer-events-auto mb-20 self-end">
        {left > 0 ? (
          <p className="rounded bg-black/70 px-4 py-2 text-sm text-white tabular-nums" role="status">
            {fill(t('skip_in'), { seconds: left })}
          </p>
        ) : (
          <button
            type="button"
            className="rounded-md border border-white/70 bg-black/80 px-4 py-2 font-semibold text-white hover:bg-black"
            onClick={onSkip}
          >
            {t('skip_trailer')}
          </button>
        )}
      </div>
    </div>
  );
}
