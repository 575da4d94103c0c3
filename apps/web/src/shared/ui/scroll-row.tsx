import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** The spec's scroll step (px per click on a handle). */
export const SCROLL_STEP = 500;

/** The side gutter the handles sit in: a row's heading takes it too, so it lines up with the first card. */
export const ROW_GUTTER = 'px-11 sm:px-12';

/** A card that grows a little under the pointer or the keyboard's focus (a transform: nothing around it moves). */
export const GROWING_CARD =
  'transition-transform duration-200 hover:z-10 hover:scale-[1.04] focus-within:z-10 focus-within:scale-[1.04] motion-reduce:transition-none';

interface ScrollRowProps {
  /** Accessible name of the scrolling list. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  children: ReactNode;
}

/** How far the list can still scroll towards its start and its end (px), whatever the writing direction. */
function room(list: HTMLElement): { before: number; after: number } {
  // In right-to-left rows scrollLeft runs from 0 down to negative values.
  const before = Math.abs(list.scrollLeft);
  return { before, after: list.scrollWidth - list.clientWidth - before };
}

/**
 * A horizontal list with previous/next handles (500 px per click) that also scrolls by touch (native swipe with
 * scroll snapping) and by keyboard (the list is focusable; arrows scroll it, Tab walks its links). A handle shows
 * only while the list can scroll its way, and sits in the list's side gutter, so it never covers the first card.
 */
export function ScrollRow({ label, previousLabel, nextLabel, children }: ScrollRowProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [can, setCan] = useState({ previous: false, next: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const { before, after } = room(list);
    // A pixel of slack: zoomed pages leave fractions at either end.
    const next = { previous: before > 1, next: after > 1 };
    // A handle about to disappear under the keyboard's focus hands it to the list, which scrolls by arrows too.
    const focused = document.activeElement;
    if ((!next.previous && focused === previousRef.current) || (!next.next && focused === nextRef.current))
      list.focus({ preventScroll: true });
    setCan((current) => (current.previous === next.previous && current.next === next.next ? current : next));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // The observer's first notice comes after the browser's own layout: measuring here at once would force a layout
    // of the whole page per row while it renders.
    const resize = new ResizeObserver(measure);
    resize.observe(list);
    // Cards added later (a list that fills in) change the width that can scroll.
    const added = new MutationObserver(measure);
    added.observe(list, { childList: true });
    list.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      added.disconnect();
      list.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const rtl = getComputedStyle(list).direction === 'rtl' ? -1 : 1;
    list.scrollBy({ left: direction * rtl * SCROLL_STEP, behavior: 'smooth' });
  };
  const handle =
    'absolute top-[calc(50%-0.75rem)] z-20 flex size-9 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-bg/90 text-xl text-text shadow-card hover:bg-surface-2 sm:size-10';
  return (
    <div className="relative">
      {can.previous ? (
        <button
          ref={previousRef}
          type="button"
          className={`${handle} start-0.5 sm:start-1`}
          aria-label={previousLabel}
          data-testid="row-previous"
          onClick={() => scrollBy(-1)}
        >
          <span aria-hidden className="inline-block rtl:rotate-180">
            ‹
          </span>
        </button>
      ) : null}
      <ul
        ref={listRef}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="flex snap-x snap-mandatory scroll-px-11 gap-3 overflow-x-auto scroll-smooth px-11 pt-2 pb-4 [scrollbar-width:thin] sm:scroll-px-12 sm:px-12"
      >
        {children}
      </ul>
      {can.next ? (
        <button
          ref={nextRef}
          type="button"
          className={`${handle} end-0.5 sm:end-1`}
          aria-label={nextLabel}
          data-testid="row-next"
          onClick={() => scrollBy(1)}
        >
          <span aria-hidden className="inline-block rtl:rotate-180">
            ›
          </span>
        </button>
      ) : null}
    </div>
  );
}
