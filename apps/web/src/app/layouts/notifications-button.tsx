import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../shared/hooks/use-dismiss';
import { useT } from '../../shared/i18n/language-context';
import { BellIcon } from '../../shared/ui/icons';

/** The bell: a small panel with the viewer's notifications (none until the notifications issue lands). */
export function NotificationsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={t('notifications')}
        title={t('notifications')}
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-text"
      >
        <BellIcon />
      </button>
      {open ? (
        <div
          id="notifications-panel"
          className="absolute end-0 z-50 mt-2 w-72 rounded-md border border-border bg-surface p-4 shadow-card"
        >
          <p className="mb-1 text-sm font-semibold">{t('notifications')}</p>
          <p className="text-sm text-muted">{t('nothing_here_yet')}</p>
        </div>
      ) : null}
    </div>
  );
}
