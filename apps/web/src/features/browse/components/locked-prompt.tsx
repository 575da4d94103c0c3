import type { TitleCard } from '@salomtv/contract';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { CloseIcon, LockIcon } from '../../../shared/ui/icons';

/**
 * What a viewer sees on Play for a title their plan does not include, or when they have no plan (trial over,
 * expired, canceled and ended): why, a way to /pricingplan, and the trailer, which stays open to all.
 * A native modal `<dialog>`: Esc closes it and focus stays inside while it is open.
 */
export function LockedPrompt({
  card,
  onClose,
  onTrailer,
}: {
  card: Pick<TitleCard, 'title' | 'locked' | 'locked_feature' | 'has_trailer'>;
  onClose: () => void;
  onTrailer: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const upgrade = card.locked === 'upgrade';
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={onClose}
      data-testid="locked-prompt"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-border bg-surface p-6 text-text shadow-xl backdrop:bg-black/70"
    >
      <div className="flex items-start gap-3">
        <LockIcon className="mt-1 size-6 shrink-0 text-brand-strong" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-bold">
            {upgrade ? t('upgrade_to_watch') : t('subscribe_to_watch')}
          </h2>
          <p className="mt-1 font-semibold">{card.title}</p>
          <p className="mt-2 text-sm text-muted">
            {upgrade
              ? fill(t('plan_lacks_collection'), {
                  collection: card.locked_feature ? t(card.locked_feature) : card.title,
                })
              : t('subscription_ended_prompt')}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-surface-2"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/pricingplan" className={buttonClasses('primary', 'md')} data-testid="locked-prompt-plans">
          {upgrade ? t('change_plan') : t('subscribe_now')}
        </Link>
        {card.has_trailer ? (
          <button type="button" className={buttonClasses('secondary', 'md')} onClick={onTrailer}>
            {t('watch_trailer')}
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
