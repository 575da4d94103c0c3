import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

let library: typeof SanitizeHtml | undefined;
/** sanitize-html (and its HTML parser) loaded on first use: the heaviest import of a start (bench/README.md). */
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  library ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return library(html, options);
}

/** The rich text a post body may keep; everything else is removed (script and style with their content). */
const BODY_OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  transformTags: {
    // Links open nothing of ours to the target page.
    a: (tagName, attribs) => {
      const kept: SanitizeHtml.Attributes = attribs.href
        ? { href: attribs.href, rel: 'noopener noreferrer' }
        : {};
      return { tagName, attribs: kept };
    },
    b: 'strong',
    i: 'em',
    h1: 'h2',
  },
  // A link whose address was refused keeps its text but loses the tag.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

const TEXT_OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: BODY_OPTIONS.nonTextTags!,
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

/** Keeps only the allowed tags and attributes; links keep http, https and mailto addresses only. */
export function sanitizePostBody(html: string): string {
  return sanitizeHtml(html, BODY_OPTIONS).trim();
}

/** Plain text out of anything that may hold markup: tags (and script contents) removed, entities decoded. */
export function toPlainText(input: string): string {
  return decodeEntities(sanitizeHtml(input, TEXT_OPTIONS)).replace(/\s+/g, ' ').trim();
}

/** The first words of a body as plain text, for cards and previews. */
export function excerptOf(html: string, length = 200): string {
  const text = decodeEntities(
    sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, ' $&'), TEXT_OPTIONS),
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
