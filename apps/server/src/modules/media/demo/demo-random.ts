/** Deterministic randomness and colour arithmetic for the demo art: the same seed draws the same picture. */

/** FNV-1a of a text: the seed of a title's art (its slug), stable across runs and machines. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough to place hills and windows. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A generator of its own, so adding draws to one layer leaves the others' pictures unchanged. */
  fork(salt: string): Rng {
    return new Rng(seedOf(`${this.state}:${salt}`));
  }
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  const channel = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** `a` blended towards `b` by `t` (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** The colour turned round the hue circle by `degrees` (lightness and saturation kept). */
export function shiftHue(hex: string, degrees: number): string {
  const [r, g, b] = rgbOf(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return hex;
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (((h * 60 + degrees) % 360) + 360) % 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (offset: number) => {
    let t = h / 360 + offset;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return hexOf([channel(1 / 3) * 255, channel(0) * 255, channel(-1 / 3) * 255]);
}

/** Smooth 1-D value noise in about -1..1: control points every `step` px, cosine-interpolated. */
export function noise1d(rng: Rng, length: number, step: number): (x: number) => number {
  const points = Array.from({ length: Math.ceil(length / step) + 2 }, () => rng.between(-1, 1));
  return (x: number) => {
    const at = Math.max(0, x) / step;
    const i = Math.floor(at);
    const f = (1 - Math.cos((at - i) * Math.PI)) / 2;
    const a = points[Math.min(i, points.length - 1)]!;
    const b = points[Math.min(i + 1, points.length - 1)]!;
    return a + (b - a) * f;
  };
}

/** A number for SVG: at most one decimal. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);
