/** A language's flag, or a neutral globe badge when the language has none. */
export function FlagImage({
  src,
  className = 'h-4 w-6',
}: {
  src: string | null | undefined;
  className?: string;
}) {
  if (!src) {
    return (
      <span className={`inline-block rounded-sm bg-surface-2 ring-1 ring-border ${className}`} aria-hidden />
    );
  }
  return (
    <img src={src} alt="" className={`inline-block rounded-sm object-cover ${className}`} loading="lazy" />
  );
}
