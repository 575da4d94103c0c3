import type { CatalogRow, TitleCard } from './catalog.js';
import type { TranslationKey } from './translation-keys.js';

/**
 * First paints: the web build renders pages of the app as markup with text marks and writes them beside
 * index.html; the server fills the marks on each visit (server plugins/web-app.ts) so the page's largest paint
 * needs no script. The app removes the element with this id when its own page replaces it.
 *
 * Marks: `{{key}}` a translation, `{{@name}}` a field of the language record, `{{#name}}` a field of the hero
 * (HeroTexts, `views` and `row_heading` on a section's slide, and `image_url`, `image_srcset`, `image_width`,
 * `image_height`).
 */
export const PAGE_SHELLS_FILE = 'page-shells.json';
export const PRERENDERED_PAGE_ID = 'prerendered-page';

export interface PageShells {
  /** `/` for a signed-out visitor: the header and the hero. */
  landing: string;
  /** `/home`: the header (signed in or out) and the featured title's hero slide, on its picture or without one. */
  home: Record<'signedIn' | 'signedOut', Record<'image' | 'plain', string>>;
  /** The browse sections of `PAINTED_SECTIONS`: the first slide of their carousel, as `home`'s hero is painted. */
  sections: Record<PaintedSection, Record<'signedIn' | 'signedOut', Record<'image' | 'plain', string>>>;
  /** Pages that start without data (sign-in, the pricing page with its placeholders), by address and header. */
  pages: Record<string, Record<'signedIn' | 'signedOut', string>>;
}

/** A browse page's filters of its rows call, as the query string has them. */
export interface SectionFilters {
  readonly kind?: 'movie' | 'series';
  readonly kids?: 'true';
}

/** A painted browse section: its page's heading and the filters of its rows call (`GET /api/catalog/rows`). */
export interface SectionPage {
  readonly title: TranslationKey;
  readonly filters: SectionFilters;
}

/** The browse sections the server paints first; their pages and the painted copies read both fields from here. */
export const PAINTED_SECTIONS = {
  '/movies': { title: 'movies', filters: { kind: 'movie' } },
  '/serials': { title: 'serials', filters: { kind: 'series' } },
  '/kidsection': { title: 'kids_section', filters: { kids: 'true' } },
} as const satisfies Record<string, SectionPage>;
export type PaintedSection = keyof typeof PAINTED_SECTIONS;

/**
 * What the server's first paint of a browse page shows: the title of its carousel's first slide and the row the
 * page shows first under the carousel (its heading), as the catalogue service picks them.
 */
export interface FirstSlide {
  card: TitleCard;
  firstRow: Pick<CatalogRow, 'key' | 'title'> | undefined;
}
