import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../../../shared/hooks/use-dismiss';

/**
 * A top-bar button with a dropdown panel (notifications, messages, the user menu): opens on click, closes on
 * Escape, on a click outside and when the panel asks to (after following a link).
 */
export function TopBarMenu({
  label,
  button,
  badge,
  panelClassName = 'w-80',
  testId,
  onOpen,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  button: ReactNode;
  /** A count shown on the button (hidden when 0). */
  badge?: number;
  panelClassName?: string;
  testId?: string;
  onOpen?: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  return (
    <div ref={root} className="relative" data-testid={testId}>
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
        className="admin-bar-button relative inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2"
      >
        {button}
        {badge ? (
          <span
            className="absolute -end-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-[#b91c1c] px-1 text-[11px] font-bold leading-5 text-white"
            aria-hidden="true"
            data-testid={testId ? `${testId}-badge` : undefined}
          >
            {badge > 99 ? '99+' : badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          className={`admin-popover absolute end-0 z-50 mt-2 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-border bg-surface text-text shadow-card ${panelClassName}`}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

/** "5 min ago" style times for the dropdowns. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} d ago`;
  return new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}
