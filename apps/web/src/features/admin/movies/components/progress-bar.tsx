const tones = { brand: 'bg-brand', success: 'bg-success', danger: 'bg-danger', info: 'bg-sky-400' } as const;

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** The accessible name, such as "Video upload". */
  label: string;
  tone?: keyof typeof tones;
  className?: string;
}

/** A percent bar with its number beside it. */
export function ProgressBar({ value, label, tone = 'brand', className = '' }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${tones[tone]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-11 shrink-0 text-end text-xs tabular-nums text-muted" aria-hidden>
        {percent}%
      </span>
    </div>
  );
}
