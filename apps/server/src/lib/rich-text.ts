import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

let library: typeof SanitizeHtml | undefined;
/** sanitize-html (and its HTML parser) loaded on first use: the heaviest import of a start (bench/README.md). */
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  library ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return library(html, options);
}

/** Elements removed with everything inside them: their content is code or markup, never text to keep. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'head',
];

/**
 * The one policy of rich text: title and episode descriptions, post bodies. What the admin editors write (p,
 * strong, em, lists) and what a post adds (h2, h3, blockquote, links). Links keep an http, https or mailto
 * address and get a rel that gives the target page nothing of ours; every other attribute goes. A link whose
 * address was refused keeps its text but loses the tag.
 */
export const RICH_TEXT_POLICY: SanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  transformTags: {
    a: (tagName, attribs) => {
      const kept: SanitizeHtml.Attributes = attribs.href
        ? { href: attribs.href, rel: 'noopener noreferrer nofollow' }
        : {};
      return { tagName, attribs: kept };
    },
    b: 'strong',
    i: 'em',
    h1: 'h2',
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

const NO_TAGS: SanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
};

/**
 * Cleans rich text once, on its way into the database (the services that store descriptions and posts call it);
 * reads serve what was stored as it is.
 */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY).trim();
}

/** The entities sanitize-html writes into text and attributes; `&amp;` last, so `&amp;lt;` stays `&lt;`. */
function decodeWrittenEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Plain text out of anything that may hold markup (post titles, on their way in): tags and entities resolved. */
export function toPlainText(input: string): string {
  return decodeWrittenEntities(sanitizeHtml(input, NO_TAGS)).replace(/\s+/g, ' ').trim();
}

/**
 * The words of stored rich text, for cards, excerpts and search. Reads only what `cleanRichText` stored: tags of
 * the policy whose attribute values have `<`, `>` and `"` escaped, and the entities above, so removing `<…>` and
 * decoding those is exact, and costs a read no parser.
 */
export function richTextWords(clean: string): string {
  return decodeWrittenEntities(
    clean.replace(/<\/(p|li|h2|h3|blockquote)>|<br[^>]*>/g, ' $&').replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first words of stored rich text, cut at a word near `length` characters. */
export function excerptOf(clean: string, length = 200): string {
  const text = richTextWords(clean);
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
