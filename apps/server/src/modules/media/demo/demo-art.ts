import type { SceneSpec } from './demo-look.js';
import { n, seedOf } from './demo-random.js';
import { sceneParts, sceneSvg } from './demo-scene.js';

/**
 * The demo catalogue's key art: a layered scene per title (its seed is the title's slug), with the title as a
 * logo treatment on posters only. Banners and episode stills carry no text: the page shows the title itself.
 */

export interface ArtTitle {
  title: string;
  genres: string[];
  cast: string[];
  year: number;
  tagline: string;
  look: SceneSpec;
  upcoming: boolean;
}

export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type LogoStyle = 'thriller' | 'epic' | 'playful' | 'future';

const STYLE_OF_GENRE: Record<string, LogoStyle> = {
  Thriller: 'thriller',
  Crime: 'thriller',
  Mystery: 'thriller',
  Horror: 'thriller',
  'Sci-Fi': 'future',
  Action: 'future',
  Drama: 'epic',
  Romance: 'epic',
  History: 'epic',
  Adventure: 'epic',
  Comedy: 'playful',
  Animation: 'playful',
  Family: 'playful',
};

interface Typeface {
  family: string;
  weight: 'bold' | 'normal';
  upper: boolean;
  /** Letter spacing, in ems. */
  tracking: number;
  /** Average advance of a letter, in ems (an estimate: the art has no font metrics). */
  advance: number;
  fill: string;
  stroke?: string;
}

const TYPEFACES: Record<LogoStyle, Typeface> = {
  thriller: {
    family: "'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Arial Narrow', sans-serif",
    weight: 'bold',
    upper: true,
    tracking: 0.06,
    advance: 0.64,
    fill: 'url(#logo-steel)',
  },
  epic: {
    family: "'DejaVu Serif', 'Liberation Serif', Georgia, serif",
    weight: 'normal',
    upper: true,
    tracking: 0.12,
    advance: 0.78,
    fill: 'url(#logo-gold)',
  },
  playful: {
    family: "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif",
    weight: 'bold',
    upper: false,
    tracking: 0,
    advance: 0.66,
    fill: 'url(#logo-candy)',
    stroke: '#1d1233',
  },
  future: {
    family: "'DejaVu Sans Mono', 'Liberation Mono', monospace",
    weight: 'bold',
    upper: true,
    tracking: 0.2,
    advance: 0.62,
    fill: 'url(#logo-ice)',
  },
};

const styleOf = (genres: string[]): LogoStyle => STYLE_OF_GENRE[genres[0] ?? ''] ?? 'thriller';

function advanceOf(text: string, face: Typeface): number {
  let width = 0;
  for (const ch of text) {
    if (" .,:'’!|Iijlft".includes(ch)) width += 0.34;
    else if ('MWmw'.includes(ch)) width += 0.95;
    else if (ch >= 'A' && ch <= 'Z') width += 0.76;
    else width += 0.6;
  }
  return width * (face.advance / 0.66) + face.tracking * Math.max(0, [...text].length - 1);
}

/** The title in one to three lines at the largest size that fits `maxWidth` (fewer lines win a near tie). */
function fitLines(text: string, face: Typeface, maxWidth: number, maxSize: number) {
  const words = (face.upper ? text.toUpperCase() : text).split(/\s+/).filter(Boolean);
  let best = { lines: [words.join(' ')], size: 0, score: 0 };
  const consider = (lines: string[]) => {
    const widest = Math.max(...lines.map((line) => advanceOf(line, face)));
    const size = Math.min(maxSize, maxWidth / widest);
    const score = size * (1 - 0.12 * (lines.length - 1));
    if (score > best.score) best = { lines, size, score };
  };
  consider([words.join(' ')]);
  for (let i = 1; i < words.length; i++) {
    consider([words.slice(0, i).join(' '), words.slice(i).join(' ')]);
    for (let j = i + 1; j < words.length; j++)
      consider([words.slice(0, i).join(' '), words.slice(i, j).join(' '), words.slice(j).join(' ')]);
  }
  return best;
}

const LOGO_DEFS = `<linearGradient id="logo-steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#b8c4d4"/></linearGradient>
<linearGradient id="logo-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff0c2"/><stop offset="0.55" stop-color="#f1c46b"/><stop offset="1" stop-color="#b9822f"/></linearGradient>
<linearGradient id="logo-candy" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff59a"/><stop offset="1" stop-color="#ff9a3c"/></linearGradient>
<linearGradient id="logo-ice" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8fe6ff"/></linearGradient>
<linearGradient id="logo-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.45" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.88"/></linearGradient>
<filter id="logo-glow" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur in="SourceAlpha" stdDeviation="6"/><feComponentTransfer><feFuncA type="linear" slope="0.7"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

/** The title as a logo: lines centred on `cx`, the last baseline at `bottom`; answers the block's top. */
function logo(
  title: string,
  genres: string[],
  cx: number,
  bottom: number,
  maxWidth: number,
  maxSize: number,
) {
  const style = styleOf(genres);
  const face = TYPEFACES[style];
  const { lines, size } = fitLines(title, face, maxWidth, maxSize);
  const leading = size * (face.upper ? 1.02 : 1.08);
  const top = bottom - (lines.length - 1) * leading - size * 0.78;
  const stroke = face.stroke
    ? ` stroke="${face.stroke}" stroke-width="${n(size * 0.09)}" stroke-linejoin="round" paint-order="stroke"`
    : '';
  const tilt = style === 'playful' ? ` transform="rotate(-4 ${n(cx)} ${n(bottom)})"` : '';
  const text = lines
    .map(
      (line, i) =>
        `<text x="${n(cx)}" y="${n(bottom - (lines.length - 1 - i) * leading)}" text-anchor="middle" font-family="${face.family}" font-weight="${face.weight}" font-size="${n(size)}" letter-spacing="${n(face.tracking * size)}" fill="${face.fill}"${stroke}>${escapeXml(line)}</text>`,
    )
    .join('');
  const rule =
    style === 'epic' || style === 'thriller'
      ? `<rect x="${n(cx - maxWidth * 0.16)}" y="${n(bottom + size * 0.28)}" width="${n(maxWidth * 0.32)}" height="${n(Math.max(1.5, size * 0.03))}" fill="${face.fill}" opacity="0.8"/>`
      : '';
  return { markup: `<g filter="url(#logo-glow)"${tilt}>${text}</g>${rule}`, top, size };
}

/** Small spaced capitals (cast names, tagline, billing), fitted to `maxWidth`. */
function caption(text: string, cx: number, y: number, size: number, maxWidth: number, opacity: number) {
  const upper = text.toUpperCase();
  const width = upper.length * size * 0.78;
  const fitted = Math.min(size, (size * maxWidth) / width);
  return `<text x="${n(cx)}" y="${n(y)}" text-anchor="middle" font-family="'DejaVu Sans', 'Liberation Sans', sans-serif" font-size="${n(fitted)}" letter-spacing="${n(fitted * 0.18)}" fill="#ffffff" opacity="${n(opacity)}" filter="url(#logo-glow)">${escapeXml(upper)}</text>`;
}

/** The poster (2:3): the scene, cast names on top, tagline and title logo over a darkened foot, billing block. */
export function posterSvg(title: ArtTitle, width = 600, height = 900): string {
  const cx = width / 2;
  const logoBlock = logo(title.title, title.genres, cx, height * 0.865, width * 0.84, width * 0.17);
  const over = `<defs>${LOGO_DEFS}</defs>
<rect y="${n(height * 0.55)}" width="${n(width)}" height="${n(height * 0.45)}" fill="url(#logo-shade)"/>
${caption(title.cast.slice(0, 3).join('\u2003\u2003'), cx, height * 0.055, width * 0.026, width * 0.86, 0.88)}
${caption(title.tagline, cx, logoBlock.top - logoBlock.size * 0.45, width * 0.027, width * 0.8, 0.9)}
${logoBlock.markup}
${caption(title.upcoming ? 'Coming soon' : `Streaming now · ${title.year}`, cx, height * 0.935, width * 0.024, width * 0.7, 0.85)}
${caption(`SalomTV presents · ${title.genres.slice(0, 2).join(' · ')}`, cx, height * 0.968, width * 0.016, width * 0.7, 0.55)}`;
  return sceneSvg(title.look, { width, height, seed: seedOf(slugOf(title.title)), focus: 'center' }, over);
}

/** The banner (16:9, the hero's backdrop): the scene only, its light and figures to the right of the page's text. */
export function bannerSvg(title: ArtTitle, width = 1280, height = 720): string {
  return sceneSvg(title.look, {
    width,
    height,
    seed: seedOf(`${slugOf(title.title)}:banner`),
    focus: 'right',
  });
}

/** An episode's still: the series' world from another angle, no text. */
export function stillSvg(
  title: ArtTitle,
  season: number,
  episode: number,
  width = 640,
  height = 360,
): string {
  const seed = seedOf(`${slugOf(title.title)}:s${season}e${episode}`);
  return sceneSvg(title.look, { width, height, seed, focus: seed % 2 ? 'right' : 'center' });
}

/** A film frame that holds text: the scene blurred and darkened behind it. */
function cardSvg(look: SceneSpec, seed: number, width: number, height: number, over: string): string {
  const { defs, layers } = sceneParts(look, { width, height, seed, focus: 'center', film: true });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}">
${defs}<defs>${LOGO_DEFS}<filter id="card-blur"><feGaussianBlur stdDeviation="${n(width / 160)}"/></filter></defs>
<g filter="url(#card-blur)">${layers.sky}${layers.far}${layers.mid}${layers.near}</g>
<rect width="${n(width)}" height="${n(height)}" fill="#000" opacity="0.55"/>${layers.finish}
${over}
</svg>`;
}

/** An episode's opening card: the series' logo, "S1 · E2" and the episode's title. */
export function episodeCardSvg(
  title: ArtTitle,
  season: number,
  episode: number,
  episodeTitle: string,
  width: number,
  height: number,
): string {
  const cx = width / 2;
  const block = logo(title.title, title.genres, cx, height * 0.5, width * 0.7, height * 0.13);
  const over = `${block.markup}
${caption(`S${season} · E${episode}`, cx, height * 0.64, height * 0.045, width * 0.5, 0.95)}
<text x="${n(cx)}" y="${n(height * 0.74)}" text-anchor="middle" font-family="'DejaVu Serif', 'Liberation Serif', serif" font-style="italic" font-size="${n(height * 0.06)}" fill="#ffffff">${escapeXml(episodeTitle)}</text>`;
  return cardSvg(title.look, seedOf(`${slugOf(title.title)}:banner`), width, height, over);
}

/** A trailer's last card: the title's logo over its banner scene, and when to watch it. */
export function endCardSvg(title: ArtTitle, width: number, height: number): string {
  const cx = width / 2;
  const block = logo(title.title, title.genres, cx, height * 0.55, width * 0.72, height * 0.16);
  const over = `${block.markup}
${caption(title.upcoming ? 'Coming soon to SalomTV' : 'Now streaming on SalomTV', cx, height * 0.72, height * 0.04, width * 0.6, 0.9)}`;
  return cardSvg(title.look, seedOf(`${slugOf(title.title)}:banner`), width, height, over);
}

/** Rasterises an SVG (sharp loads on first use: a start that seeds nothing does not pay for it). */
export async function renderPng(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
