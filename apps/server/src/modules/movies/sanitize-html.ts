/**
 * An allowlist HTML sanitiser for title descriptions (the admin's rich-text "content").
 * Kept: p, br, strong, em, ul, ol, li, and a with an http(s) href (b and i become strong and em).
 * Everything else is dropped: unknown tags lose their markup but keep their text; script-like elements
 * lose their content too; every attribute but a's href goes; text is re-escaped.
 */
import { escapeHtmlAttribute, escapeHtmlText } from '../../lib/html-escape.js';

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em' };
const VOID = new Set(['br']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'head',
]);

// Attribute text stops at the next < or >, so a stray "<" costs one short scan (no quadratic backtracking).
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)>|<|[^<]+/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8}|#39);?/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x') || (lower.startsWith('#') && lower !== '#39')) {
      const code = lower.startsWith('#x')
        ? Number.parseInt(lower.slice(2), 16)
        : Number.parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[lower] ?? whole;
  });
}

function safeHref(attributes: string): string | undefined {
  const match = HREF.exec(attributes);
  if (!match) return undefined;
  // Control characters and whitespace inside a scheme are how "java\tscript:" slips through filters.
  const value = [...decodeEntities(match[1] ?? match[2] ?? match[3] ?? '')]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && code !== 0x7f;
    })
    .join('');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | undefined;
  for (const match of input.matchAll(TOKEN)) {
    const [token, slash, rawName, attributes = ''] = match;
    if (token.startsWith('<!--')) continue;
    if (rawName === undefined) {
      if (!dropping) out.push(escapeHtmlText(decodeEntities(token)));
      continue;
    }
    const lower = rawName.toLowerCase();
    if (dropping) {
      if (slash && lower === dropping) dropping = undefined;
      continue;
    }
    if (DROP_WITH_CONTENT.has(lower)) {
      if (!slash && !/\/\s*$/.test(attributes)) dropping = lower;
      continue;
    }
    const name = RENAMED[lower] ?? lower;
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!slash) out.push('<br>');
      continue;
    }
    if (slash) {
      const index = open.lastIndexOf(name);
      if (index === -1) continue;
      // Close everything opened inside it, so the output is always well nested.
      while (open.length > index) out.push(`</${open.pop()}>`);
      continue;
    }
    if (name === 'a') {
      const href = safeHref(attributes);
      out.push(href ? `<a href="${escapeHtmlAttribute(href)}" rel="noopener noreferrer nofollow">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}

/** The description as plain text (for cards and search). */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<br>|<\/(p|li)>/g, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
