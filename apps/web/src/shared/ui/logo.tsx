/** The SalomTV wordmark. */
/** `wordmarkClassName` styles the name beside the mark (the header hides it where the bar has no room). */
export function Logo({
  className = '',
  wordmarkClassName = '',
}: {
  className?: string;
  wordmarkClassName?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-2 text-xl font-extrabold tracking-tight ${className}`}
      dir="ltr"
    >
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--color-brand)" />
        <path d="M25 19v26l21-13z" fill="#fff" />
      </svg>
      <span className={wordmarkClassName}>
        Salom<span className="text-brand">TV</span>
      </span>
    </span>
  );
}
