import { ROW_GUTTER } from '../../../shared/ui/scroll-row';
import { CARD_WIDTH } from './title-card';

const block = 'rounded-card bg-surface-2 motion-safe:animate-pulse';
/** Names for n stand-ins, as their keys. */
const slots = (count: number) => Array.from({ length: count }, (_, at) => `slot-${at}`);

/** One row's stand-in: a heading bar and cards of the real ones' size, in the same gutter. */
function RowPlaceholder() {
  return (
    <div className="py-4" aria-hidden>
      <div className={`mb-1 ${ROW_GUTTER}`}>
        <div className={`h-7 w-48 sm:h-8 ${block}`} />
      </div>
      <div className={`flex gap-3 overflow-hidden pt-2 pb-4 ${ROW_GUTTER}`}>
        {slots(7).map((card) => (
          <div key={card} className="shrink-0" style={{ width: CARD_WIDTH }}>
            <div className={`aspect-[2/3] w-full ${block}`} />
            <div className="flex flex-col gap-2 p-3">
              <div className={`h-4 w-3/4 ${block}`} />
              <div className={`h-3.5 w-1/2 ${block}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * What a browse page shows while its titles load: a carousel's and two rows' worth of space, so nothing on the
 * screen moves when the titles arrive (no layout shift), and a status for screen readers.
 */
export function RowsPlaceholder({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="min-h-dvh pb-10" data-testid="rows-placeholder">
      <div role="status" className="sr-only">
        {label}
      </div>
      <div aria-hidden className="min-h-[24rem] bg-surface sm:min-h-[30rem]" />
      {slots(rows).map((row) => (
        <RowPlaceholder key={row} />
      ))}
    </div>
  );
}

/** A grid of card stand-ins (the watch list while it loads). */
export function CardsPlaceholder({ count = 6 }: { count?: number }) {
  return (
    <div
      className="grid grid-cols-[repeat(auto-fill,200px)] justify-center gap-4 sm:justify-start"
      aria-hidden
    >
      {slots(count).map((card) => (
        <div key={card}>
          <div className={`aspect-[2/3] w-full ${block}`} />
          <div className="flex flex-col gap-2 p-3">
            <div className={`h-4 w-3/4 ${block}`} />
            <div className={`h-3.5 w-1/2 ${block}`} />
          </div>
        </div>
      ))}
    </div>
  );
}
