import Bowser from 'bowser';

/** The browser and system a User-Agent names ("Chrome", "Android"), each null when it names nothing known. */
export function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || null, os: parsed.os.name || null };
}
