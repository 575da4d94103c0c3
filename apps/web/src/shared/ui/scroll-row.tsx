import { type ReactNode, useRef } from 'react';

/** The spec's scroll step (px per click on a handle). */
export const SCROLL_STEP = 500;

interface ScrollRowProps {
  /** Accessible name of the scrolling list. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  children: ReactNode;
}

/**
 * A horizontal list with left/right handles (500 px per click) that also scrolls by touch (native swipe with
 * scroll snapping) and by keyboard (the list is focusable; arrows scroll it, Tab walks its links).
 */
export function ScrollRow({ label, previousLabel, nextLabel, children }: ScrollRowProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const rtl = getComputedStyle(list).direction === 'rtl' ? -1 : 1;
    list.scrollBy({ left: direction * rtl * SCROLL_STEP, behavior: 'smooth' });
  };
  const handle =
    'absolute top-1/2 z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-bg/85 text-text shadow-card hover:bg-surface-2 sm:flex';
  return (
    <div className="group/row relative">
      <button
        type="button"
        className={`${handle} start-1`}
        aria-label={previousLabel}
        onClick={() => scrollBy(-1)}
      >
        <span aria-hidden className="rtl:rotate-180">
          ‹
        </span>
      </button>
      <ul
        ref={listRef}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto scroll-smooth px-1 pb-3 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      <button type="button" className={`${handle} end-1`} aria-label={nextLabel} onClick={() => scrollBy(1)}>
        <span aria-hidden className="rtl:rotate-180">
          ›
        </span>
      </button>
    </div>
  );
}
