import { n, noise1d, type Rng } from './demo-random.js';

/** The land and skylines of the demo scenes: each answers SVG elements in absolute pixels. */

/** A ground line: its y at any x, and the closed path that fills below it. */
export interface Ridge {
  y(x: number): number;
  path: string;
}

/**
 * A line of hills (`sharp` makes ridged mountain peaks) around `base` with `amplitude` px of relief and features
 * about `step` px apart, filled down to `bottom`.
 */
export function ridge(
  rng: Rng,
  width: number,
  base: number,
  amplitude: number,
  step: number,
  bottom: number,
  sharp = false,
): Ridge {
  const low = noise1d(rng, width, step);
  const high = noise1d(rng, width, step / 3.3);
  const y = (x: number) => {
    const shape = sharp ? 1 - 2 * Math.abs(low(x)) : low(x);
    return base - amplitude * (0.75 * shape + 0.25 * high(x));
  };
  const points: string[] = [];
  const stride = Math.max(4, width / 160);
  for (let x = 0; x <= width + stride; x += stride) points.push(`${n(x)},${n(y(x))}`);
  return { y, path: `M0,${n(bottom)} L${points.join(' L')} L${n(width + stride)},${n(bottom)} Z` };
}

/** Towers with set-backs, antennas and lit windows along `base`. */
export function towers(rng: Rng, width: number, base: number, height: number, fill: string, lit: string) {
  const parts: string[] = [];
  const windows: string[] = [];
  let x = rng.between(-20, 0);
  while (x < width) {
    const w = rng.between(0.035, 0.09) * height * 2.2;
    const h = rng.between(0.25, 1) * height;
    const top = base - h;
    parts.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + 2)}"/>`);
    if (rng.chance(0.35)) {
      const inset = w * rng.between(0.15, 0.3);
      const extra = h * rng.between(0.08, 0.2);
      parts.push(
        `<rect x="${n(x + inset)}" y="${n(top - extra)}" width="${n(w - 2 * inset)}" height="${n(extra + 1)}"/>`,
      );
      if (rng.chance(0.6)) {
        const ax = x + w / 2;
        parts.push(
          `<rect x="${n(ax - 1)}" y="${n(top - extra - h * 0.18)}" width="2" height="${n(h * 0.18)}"/>`,
        );
      }
    }
    const cell = Math.max(3, w / rng.int(4, 7));
    for (let wy = top + cell; wy < base - cell; wy += cell * 1.6) {
      for (let wx = x + cell * 0.6; wx < x + w - cell * 0.8; wx += cell * 1.4) {
        if (rng.chance(0.22))
          windows.push(
            `<rect x="${n(wx)}" y="${n(wy)}" width="${n(cell * 0.7)}" height="${n(cell * 0.9)}" opacity="${n(rng.between(0.35, 1))}"/>`,
          );
      }
    }
    x += w + rng.between(-4, 10);
  }
  return `<g fill="${fill}">${parts.join('')}</g><g fill="${lit}">${windows.join('')}</g>`;
}

/** An old town: blocks, onion domes, minarets and lit arches (Samarkand, Bukhara). */
export function domes(rng: Rng, width: number, base: number, height: number, fill: string, lit: string) {
  const parts: string[] = [];
  const glows: string[] = [];
  let x = rng.between(-30, 0);
  while (x < width) {
    const w = rng.between(0.3, 0.8) * height;
    const h = rng.between(0.22, 0.45) * height;
    const top = base - h;
    parts.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + 2)}"/>`);
    const kind = rng.next();
    if (kind < 0.45) {
      const r = w * rng.between(0.25, 0.38);
      const cx = x + w / 2;
      const drum = r * 0.5;
      parts.push(
        `<rect x="${n(cx - r * 0.8)}" y="${n(top - drum)}" width="${n(r * 1.6)}" height="${n(drum + 1)}"/>`,
      );
      const b = top - drum;
      parts.push(
        `<path d="M${n(cx - r)},${n(b)} C${n(cx - r)},${n(b - r * 0.9)} ${n(cx - r * 0.2)},${n(b - r * 1.2)} ${n(cx)},${n(b - r * 1.75)} C${n(cx + r * 0.2)},${n(b - r * 1.2)} ${n(cx + r)},${n(b - r * 0.9)} ${n(cx + r)},${n(b)} Z"/>`,
      );
    } else if (kind < 0.75) {
      const mw = Math.max(4, w * 0.12);
      const mh = height * rng.between(0.7, 1.05);
      const mx = x + rng.between(0, w - mw);
      parts.push(`<rect x="${n(mx)}" y="${n(base - mh)}" width="${n(mw)}" height="${n(mh)}"/>`);
      parts.push(
        `<rect x="${n(mx - mw * 0.35)}" y="${n(base - mh * 0.82)}" width="${n(mw * 1.7)}" height="${n(mw * 0.45)}"/>`,
      );
      parts.push(
        `<path d="M${n(mx)},${n(base - mh)} L${n(mx + mw / 2)},${n(base - mh - mw * 1.6)} L${n(mx + mw)},${n(base - mh)} Z"/>`,
      );
    }
    if (rng.chance(0.6)) {
      const aw = w * rng.between(0.2, 0.35);
      const ah = h * 0.55;
      const ax = x + (w - aw) / 2;
      glows.push(
        `<path d="M${n(ax)},${n(base)} L${n(ax)},${n(base - ah * 0.7)} Q${n(ax + aw / 2)},${n(base - ah * 1.15)} ${n(ax + aw)},${n(base - ah * 0.7)} L${n(ax + aw)},${n(base)} Z" opacity="${n(rng.between(0.35, 0.85))}"/>`,
      );
    }
    x += w + rng.between(-10, 20);
  }
  return `<g fill="${fill}">${parts.join('')}</g><g fill="${lit}">${glows.join('')}</g>`;
}

/** Gabled houses with chimneys and a few lit windows. */
export function houses(rng: Rng, width: number, base: number, height: number, fill: string, lit: string) {
  const parts: string[] = [];
  const windows: string[] = [];
  let x = rng.between(-20, 0);
  while (x < width) {
    const w = rng.between(0.35, 0.7) * height;
    const h = rng.between(0.3, 0.55) * height;
    const roof = h * rng.between(0.4, 0.7);
    const top = base - h;
    parts.push(
      `<path d="M${n(x)},${n(base + 2)} L${n(x)},${n(top)} L${n(x + w / 2)},${n(top - roof)} L${n(x + w)},${n(top)} L${n(x + w)},${n(base + 2)} Z"/>`,
    );
    if (rng.chance(0.5))
      parts.push(
        `<rect x="${n(x + w * 0.7)}" y="${n(top - roof * 0.8)}" width="${n(w * 0.1)}" height="${n(roof * 0.6)}"/>`,
      );
    for (let i = 0; i < 2; i++) {
      if (rng.chance(0.55))
        windows.push(
          `<rect x="${n(x + w * (0.2 + i * 0.42))}" y="${n(top + h * 0.3)}" width="${n(w * 0.16)}" height="${n(h * 0.22)}" opacity="${n(rng.between(0.5, 1))}"/>`,
        );
    }
    x += w + rng.between(2, 0.4 * height);
  }
  return `<g fill="${fill}">${parts.join('')}</g><g fill="${lit}">${windows.join('')}</g>`;
}

/** A band of pines (jagged tiers) or of round-crowned trees, standing on the ridge. */
export function trees(rng: Rng, width: number, ground: Ridge, height: number, fill: string, pines: boolean) {
  const parts: string[] = [];
  let x = rng.between(-20, 0);
  while (x < width + 20) {
    const h = height * rng.between(0.45, 1);
    const y = ground.y(x) + 4;
    if (pines) {
      const tiers = rng.int(3, 5);
      const points: string[] = [`${n(x)},${n(y - h)}`];
      for (let t = 1; t <= tiers; t++) {
        const ty = y - h + (h * 0.9 * t) / tiers;
        const half = (h * 0.22 * t) / tiers + h * 0.04;
        points.push(`${n(x + half)},${n(ty)}`, `${n(x + half * 0.45)},${n(ty - h * 0.05)}`);
      }
      const left = points
        .slice(1)
        .map((p) => {
          const [px, py] = p.split(',').map(Number) as [number, number];
          return `${n(2 * x - px)},${n(py)}`;
        })
        .reverse();
      parts.push(
        `<path d="M${points.join(' L')} L${n(x + h * 0.03)},${n(y)} L${n(x - h * 0.03)},${n(y)} L${left.join(' L')} Z"/>`,
      );
      x += h * rng.between(0.12, 0.3);
    } else {
      const r = h * rng.between(0.22, 0.3);
      parts.push(
        `<rect x="${n(x - h * 0.03)}" y="${n(y - h * 0.6)}" width="${n(h * 0.06)}" height="${n(h * 0.6)}"/>`,
      );
      for (let c = 0; c < 4; c++)
        parts.push(
          `<circle cx="${n(x + rng.between(-r, r) * 0.7)}" cy="${n(y - h * 0.62 - rng.between(0, r))}" r="${n(r * rng.between(0.6, 0.9))}"/>`,
        );
      x += h * rng.between(0.5, 1.2);
    }
  }
  return `<g fill="${fill}">${parts.join('')}</g>`;
}

/** A port at night: gantry cranes, stacked containers, a moored ship and a lighthouse with its beam. */
export function harbour(rng: Rng, width: number, base: number, height: number, fill: string, lit: string) {
  const parts: string[] = [];
  const lights: string[] = [];
  let x = rng.between(0, 40);
  while (x < width) {
    const kind = rng.next();
    if (kind < 0.35) {
      const h = height * rng.between(0.7, 1);
      const w = height * 0.35;
      parts.push(
        `<path d="M${n(x)},${n(base)} L${n(x + 4)},${n(base - h)} L${n(x + 8)},${n(base)} Z M${n(x + w)},${n(base)} L${n(x + w + 4)},${n(base - h * 0.9)} L${n(x + w + 8)},${n(base)} Z"/>`,
        `<rect x="${n(x - w * 0.4)}" y="${n(base - h)}" width="${n(w * 2.2)}" height="${n(h * 0.05)}"/>`,
        `<rect x="${n(x)}" y="${n(base - h * 0.55)}" width="${n(w + 8)}" height="${n(h * 0.04)}"/>`,
      );
      lights.push(`<circle cx="${n(x + w * 1.7)}" cy="${n(base - h)}" r="2.5"/>`);
      x += w * 2.6;
    } else if (kind < 0.7) {
      const cols = rng.int(3, 7);
      const cw = height * 0.16;
      const ch = height * 0.09;
      for (let c = 0; c < cols; c++) {
        const stack = rng.int(1, 4);
        for (let s = 0; s < stack; s++)
          parts.push(
            `<rect x="${n(x + c * cw)}" y="${n(base - (s + 1) * ch)}" width="${n(cw - 2)}" height="${n(ch - 1.5)}" opacity="${n(rng.between(0.85, 1))}"/>`,
          );
      }
      x += cols * cw + rng.between(10, 40);
    } else {
      const w = height * rng.between(1.2, 2);
      const hull = height * 0.12;
      parts.push(
        `<path d="M${n(x)},${n(base - hull)} L${n(x + w)},${n(base - hull)} L${n(x + w * 0.94)},${n(base)} L${n(x + w * 0.05)},${n(base)} Z"/>`,
        `<rect x="${n(x + w * 0.72)}" y="${n(base - hull * 3)}" width="${n(w * 0.16)}" height="${n(hull * 2)}"/>`,
        `<rect x="${n(x + w * 0.78)}" y="${n(base - hull * 4)}" width="${n(w * 0.04)}" height="${n(hull)}"/>`,
      );
      for (let i = 0; i < 4; i++)
        lights.push(`<circle cx="${n(x + w * (0.74 + i * 0.035))}" cy="${n(base - hull * 2.4)}" r="1.6"/>`);
      x += w + rng.between(20, 60);
    }
  }
  return `<g fill="${fill}">${parts.join('')}</g><g fill="${lit}">${lights.join('')}</g>`;
}

/** A lighthouse with a soft beam sweeping the sky. */
export function lighthouse(
  x: number,
  base: number,
  height: number,
  fill: string,
  beam: string,
  angle: number,
) {
  const top = base - height;
  const w = height * 0.09;
  const length = height * 6;
  const spread = 0.09;
  const bx = (a: number) => n(x + Math.cos(a) * length);
  const by = (a: number) => n(top + Math.sin(a) * length);
  return `<path d="M${n(x)},${n(top)} L${bx(angle - spread)},${by(angle - spread)} L${bx(angle + spread)},${by(angle + spread)} Z" fill="url(#beam)" opacity="0.55"/>
<path d="M${n(x - w)},${n(base)} L${n(x - w * 0.6)},${n(top)} L${n(x + w * 0.6)},${n(top)} L${n(x + w)},${n(base)} Z" fill="${fill}"/>
<circle cx="${n(x)}" cy="${n(top)}" r="${n(w * 0.9)}" fill="${beam}"/><circle cx="${n(x)}" cy="${n(top)}" r="${n(w * 3)}" fill="${beam}" opacity="0.25" filter="url(#soft)"/>`;
}

/** A space station: a ring on spokes round a hub, with solar wings. */
export function station(cx: number, cy: number, r: number, fill: string, lit: string) {
  const spokes = [0, 60, 120].map((a) => {
    const rad = (a * Math.PI) / 180;
    return `<line x1="${n(cx - Math.cos(rad) * r)}" y1="${n(cy - Math.sin(rad) * r * 0.35)}" x2="${n(cx + Math.cos(rad) * r)}" y2="${n(cy + Math.sin(rad) * r * 0.35)}"/>`;
  });
  return `<g stroke="${fill}" fill="none"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(r * 0.35)}" stroke-width="${n(r * 0.1)}"/><g stroke-width="${n(r * 0.03)}">${spokes.join('')}</g></g>
<g fill="${fill}"><rect x="${n(cx - r * 0.12)}" y="${n(cy - r * 0.5)}" width="${n(r * 0.24)}" height="${n(r)}" rx="${n(r * 0.05)}"/>
<rect x="${n(cx - r * 1.9)}" y="${n(cy - r * 0.08)}" width="${n(r * 0.7)}" height="${n(r * 0.16)}"/><rect x="${n(cx + r * 1.2)}" y="${n(cy - r * 0.08)}" width="${n(r * 0.7)}" height="${n(r * 0.16)}"/></g>
<g fill="${lit}"><circle cx="${n(cx)}" cy="${n(cy - r * 0.3)}" r="${n(r * 0.04)}"/><circle cx="${n(cx - r)}" cy="${n(cy)}" r="${n(r * 0.03)}"/><circle cx="${n(cx + r)}" cy="${n(cy)}" r="${n(r * 0.03)}"/></g>`;
}
