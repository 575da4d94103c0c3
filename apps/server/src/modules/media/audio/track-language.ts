/** Languages of audio tracks: what ffprobe's tags say in BCP 47, and the labels a new track gets. */

const UNKNOWN = 'und';

/**
 * `uzb` → `uz`, `rus` → `ru`, `pt-br` → `pt-BR`: the language a stream's tag or an admin names, in the spelling
 * players and the site's language keywords share; `und` for no tag or one no language has.
 */
export function trackLanguage(tag: string): string {
  const trimmed = tag.trim();
  if (!trimmed || trimmed.toLowerCase() === UNKNOWN) return UNKNOWN;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    if (!canonical) return UNKNOWN;
    const primary = canonical.split('-')[0]!;
    const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(primary);
    return name ? canonical : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

/** Whether `code` names a language (or is `und`). */
export function isTrackLanguage(code: string): boolean {
  return code === UNKNOWN || trackLanguage(code) !== UNKNOWN;
}

/**
 * A new track's label: the stream's own title tag, else "Original" for the video's first sound, else the
 * language's name in that language ("русский"), else "Audio N".
 */
export function defaultTrackLabel(
  language: string,
  title: string,
  original: boolean,
  position: number,
): string {
  if (title.trim()) return title.trim().slice(0, 80);
  if (original) return 'Original';
  if (language !== UNKNOWN) {
    try {
      const name = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(language);
      if (name) return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
    } catch {
      // a code Intl cannot name: the number below
    }
  }
  return `Audio ${position + 1}`;
}
