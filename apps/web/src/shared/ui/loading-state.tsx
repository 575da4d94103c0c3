export function Spinner({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-4 border-border border-t-brand ${className}`}
      aria-hidden
    />
  );
}

/** A centred spinner with a text for screen readers and sighted users alike. */
export function LoadingState({ label, fullScreen = false }: { label: string; fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 text-muted ${fullScreen ? 'min-h-dvh' : 'min-h-64'}`}
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
