import {
  actorLayer,
  farLayer,
  finishLayer,
  midLayer,
  nearLayer,
  skyLayer,
  weatherLayer,
} from './demo-layers.js';
import { type Geometry, PALETTES, type Palette, type SceneSpec } from './demo-look.js';
import { mix, n, Rng, shiftHue } from './demo-random.js';

/**
 * Layered scenes for the demo catalogue's key art and films: sky, light, far land, a skyline, the near ground
 * with figures, weather, then texture and a vignette. Pure SVG text, drawn the same for the same seed.
 */

/** The drawable parts, back to front; a film moves each at its own speed. */
export const SCENE_LAYERS = ['sky', 'far', 'mid', 'actor', 'near', 'weather', 'finish'] as const;
export type SceneLayer = (typeof SCENE_LAYERS)[number];

export interface SceneOptions {
  width: number;
  height: number;
  seed: number;
  /** Where the light and the figures go: the right for banners (the page's text sits left), the centre for posters. */
  focus: 'right' | 'center';
  /**
   * Drawn for a film: no paper-like texture (a still texture over moving layers shows) and no frozen lightning
   * (the film flashes its light instead).
   */
  film?: boolean;
}

function geometry(spec: SceneSpec, options: SceneOptions, rng: Rng): Geometry {
  const { width: w, height: h } = options;
  const portrait = h > w;
  const horizon = h * (portrait ? rng.between(0.48, 0.55) : rng.between(0.58, 0.68));
  const hue = rng.between(-14, 14);
  const base = PALETTES[spec.sky];
  const shift = (c: string) => shiftHue(c, hue);
  const palette: Palette = {
    ...base,
    sky: base.sky.map(shift),
    glow: shift(base.glow),
    land: base.land.map(shift) as Palette['land'],
    haze: shift(base.haze),
  };
  const lightX = w * (options.focus === 'right' ? rng.between(0.62, 0.8) : rng.between(0.35, 0.65));
  const low = spec.sky === 'dusk' || spec.sky === 'dawn' || spec.sky === 'mars';
  // A banner's hero crops about a fifth off the top and bottom: its light stays inside the middle band.
  const lightY = low
    ? horizon - h * rng.between(0.02, 0.1)
    : h * (portrait ? rng.between(0.14, 0.3) : rng.between(0.22, 0.34));
  const lightR = Math.min(w, h) * (spec.sky === 'space' ? rng.between(0.16, 0.24) : rng.between(0.045, 0.07));
  return { w, h, horizon, lightX, lightY, lightR, palette };
}

function defs(g: Geometry, seed: number): string {
  const stops = g.palette.sky
    .map((c, i, all) => `<stop offset="${n(i / (all.length - 1))}" stop-color="${c}"/>`)
    .join('');
  return `<defs>
<linearGradient id="skyfill" x1="0" y1="0" x2="0" y2="${n(g.horizon)}" gradientUnits="userSpaceOnUse">${stops}</linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${g.palette.glow}" stop-opacity="0.75"/><stop offset="0.35" stop-color="${g.palette.glow}" stop-opacity="0.28"/><stop offset="1" stop-color="${g.palette.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="disc" cx="0.4" cy="0.4"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="${g.palette.light}"/><stop offset="1" stop-color="${mix(g.palette.light, g.palette.glow, 0.5)}"/></radialGradient>
<radialGradient id="planet" cx="0.32" cy="0.3" r="0.8"><stop offset="0" stop-color="${g.palette.light}"/><stop offset="0.45" stop-color="${g.palette.glow}"/><stop offset="1" stop-color="#0b0410"/></radialGradient>
<linearGradient id="beam" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${g.palette.light}" stop-opacity="0.9"/><stop offset="1" stop-color="${g.palette.light}" stop-opacity="0"/></linearGradient>
<linearGradient id="depth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${g.palette.haze}" stop-opacity="0"/><stop offset="1" stop-color="${g.palette.haze}" stop-opacity="0.35"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${g.palette.sky.at(-1)}"/><stop offset="1" stop-color="${g.palette.land[2]}"/></linearGradient>
<radialGradient id="lantern" cx="0.5" cy="0.6"><stop offset="0" stop-color="#fff4c8"/><stop offset="0.6" stop-color="${g.palette.accent}"/><stop offset="1" stop-color="#d0552a"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.48" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.62"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(Math.max(2, g.w / 260))}"/></filter>
<filter id="cloud" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${n(g.w / 140)}"/></filter>
<filter id="haze" x="-20%" y="-100%" width="140%" height="300%"><feGaussianBlur stdDeviation="${n(g.w / 50)}"/></filter>
<filter id="texture" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${(2.4 / g.w).toFixed(5)}" numOctaves="4" seed="${seed % 997}"/><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.5 -0.18"/></filter>
</defs>`;
}

/** The scene's layers as SVG groups (and the defs they share), each drawn by its own random stream. */
export function sceneParts(
  spec: SceneSpec,
  options: SceneOptions,
): { defs: string; layers: Record<SceneLayer, string> } {
  const rng = new Rng(options.seed);
  const g = geometry(spec, options, rng);
  return {
    defs: defs(g, options.seed),
    layers: {
      sky: skyLayer(spec, g, rng.fork('sky'), options.film ?? false),
      far: farLayer(spec, g, rng.fork('far')),
      mid: midLayer(spec, g, rng.fork('mid')),
      actor: actorLayer(spec, g, rng.fork('actor')),
      near: nearLayer(spec, g, rng.fork('near')),
      weather: weatherLayer(spec, g, rng.fork('weather')),
      finish: finishLayer(g, !options.film),
    },
  };
}

/** A whole scene as one SVG document, plus anything drawn `over` it. */
export function sceneSvg(spec: SceneSpec, options: SceneOptions, over = ''): string {
  const { defs: shared, layers } = sceneParts(spec, options);
  const body = SCENE_LAYERS.map((layer) => `<g id="${layer}">${layers[layer]}</g>`).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(options.width)}" height="${n(options.height)}" viewBox="0 0 ${n(options.width)} ${n(options.height)}">
${shared}
${body}
${over}
</svg>`;
}
