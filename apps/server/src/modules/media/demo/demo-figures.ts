import { mix, n, type Rng } from './demo-random.js';

/** Figures, flyers, weather and clouds of the demo scenes: each answers SVG elements in absolute pixels. */

/** A standing figure, `h` tall, feet at (x, y); a hat for the detectives, a banner pole for the epics. */
export function person(x: number, y: number, h: number, extra: 'hat' | 'banner' | 'none' = 'none') {
  const p = (dx: number, dy: number) => `${n(x + dx * h)},${n(y - dy * h)}`;
  const body = [
    p(-0.035, 0.86),
    p(-0.12, 0.8),
    p(-0.14, 0.52),
    p(-0.15, 0.3),
    p(-0.06, 0.3),
    p(-0.07, 0),
    p(-0.02, 0),
    p(0, 0.28),
    p(0.02, 0),
    p(0.07, 0),
    p(0.06, 0.3),
    p(0.15, 0.3),
    p(0.14, 0.52),
    p(0.12, 0.8),
    p(0.035, 0.86),
  ];
  let shape = `<path d="M${body.join(' L')} Z"/><circle cx="${n(x)}" cy="${n(y - 0.93 * h)}" r="${n(0.068 * h)}"/>`;
  if (extra === 'hat')
    shape += `<ellipse cx="${n(x)}" cy="${n(y - 0.975 * h)}" rx="${n(0.13 * h)}" ry="${n(0.018 * h)}"/><rect x="${n(x - 0.07 * h)}" y="${n(y - 1.05 * h)}" width="${n(0.14 * h)}" height="${n(0.08 * h)}" rx="${n(0.02 * h)}"/>`;
  if (extra === 'banner')
    shape += `<rect x="${n(x + 0.15 * h)}" y="${n(y - 1.5 * h)}" width="${n(0.025 * h)}" height="${n(1.5 * h)}"/><path d="M${p(0.175, 1.5)} Q${p(0.4, 1.42)} ${p(0.6, 1.46)} L${p(0.55, 1.3)} Q${p(0.4, 1.26)} ${p(0.175, 1.3)} Z"/>`;
  return shape;
}

/** A camel with its rider's bundle, walking right: body, hump, neck and four legs. */
export function camel(x: number, y: number, h: number) {
  const p = (dx: number, dy: number) => `${n(x + dx * h)},${n(y - dy * h)}`;
  return `<path d="M${p(-0.45, 0.55)} Q${p(-0.4, 0.78)} ${p(-0.15, 0.75)} Q${p(0, 1.02)} ${p(0.15, 0.75)} Q${p(0.3, 0.72)} ${p(0.35, 0.62)} L${p(0.5, 0.95)} L${p(0.62, 0.93)} L${p(0.6, 0.86)} L${p(0.52, 0.84)} L${p(0.42, 0.52)} Q${p(0.3, 0.45)} ${p(0, 0.45)} Q${p(-0.3, 0.45)} ${p(-0.45, 0.55)} Z"/>
<g stroke-width="${n(h * 0.05)}" stroke-linecap="round" fill="none"><path d="M${p(-0.35, 0.5)} L${p(-0.38, 0)}"/><path d="M${p(-0.25, 0.5)} L${p(-0.2, 0)}"/><path d="M${p(0.2, 0.5)} L${p(0.18, 0)}"/><path d="M${p(0.3, 0.5)} L${p(0.36, 0)}"/></g>`;
}

/** A small robot: boxy head and body, antenna, one lit eye. */
export function robot(x: number, y: number, h: number, lit: string) {
  const r = (dx: number, dy: number, w: number, hh: number) =>
    `<rect x="${n(x + dx * h)}" y="${n(y - dy * h)}" width="${n(w * h)}" height="${n(hh * h)}" rx="${n(0.03 * h)}"/>`;
  return `${r(-0.2, 0.62, 0.4, 0.36)}${r(-0.16, 0.95, 0.32, 0.26)}${r(-0.16, 0.26, 0.1, 0.26)}${r(0.06, 0.26, 0.1, 0.26)}${r(-0.3, 0.6, 0.08, 0.3)}${r(0.22, 0.6, 0.08, 0.3)}
<rect x="${n(x - 0.01 * h)}" y="${n(y - 1.1 * h)}" width="${n(0.02 * h)}" height="${n(0.15 * h)}"/><circle cx="${n(x)}" cy="${n(y - 1.12 * h)}" r="${n(0.035 * h)}" fill="${lit}"/>
<circle cx="${n(x + 0.05 * h)}" cy="${n(y - 0.82 * h)}" r="${n(0.06 * h)}" fill="${lit}"/>`;
}

/** A flock of birds, wings as two arcs. */
export function birds(rng: Rng, cx: number, cy: number, spread: number, color: string) {
  const count = rng.int(5, 11);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = spread * rng.between(0.03, 0.06);
    const x = cx + rng.between(-spread / 2, spread / 2);
    const y = cy + rng.between(-spread / 5, spread / 5);
    parts.push(
      `<path d="M${n(x - w)},${n(y)} Q${n(x - w / 2)},${n(y - w * 0.55)} ${n(x)},${n(y)} Q${n(x + w / 2)},${n(y - w * 0.55)} ${n(x + w)},${n(y)}"/>`,
    );
  }
  return `<g fill="none" stroke="${color}" stroke-width="${n(Math.max(1.2, spread * 0.006))}" stroke-linecap="round">${parts.join('')}</g>`;
}

/** A spaceship in flight with its engine's glow and trail. */
export function ship(x: number, y: number, length: number, fill: string, glow: string) {
  const l = length;
  return `<path d="M${n(x - l * 1.8)},${n(y + l * 0.02)} L${n(x - l * 0.45)},${n(y - l * 0.02)} L${n(x - l * 0.45)},${n(y + l * 0.06)} Z" fill="${glow}" opacity="0.35"/>
<path d="M${n(x + l * 0.55)},${n(y)} L${n(x - l * 0.4)},${n(y - l * 0.16)} L${n(x - l * 0.5)},${n(y)} L${n(x - l * 0.4)},${n(y + l * 0.14)} Z" fill="${fill}"/>
<circle cx="${n(x - l * 0.48)}" cy="${n(y)}" r="${n(l * 0.07)}" fill="${glow}"/><circle cx="${n(x - l * 0.5)}" cy="${n(y)}" r="${n(l * 0.22)}" fill="${glow}" opacity="0.3" filter="url(#soft)"/>`;
}

/** Weather and particles over a `width` x `height` area. */
export function particles(
  rng: Rng,
  kind: 'rain' | 'snow' | 'fireflies' | 'lanterns' | 'dust' | 'stars',
  width: number,
  height: number,
  top: number,
  color: string,
) {
  const area = (width * (height - top)) / 10_000;
  const parts: string[] = [];
  if (kind === 'rain') {
    for (let i = 0; i < area * 5; i++) {
      const x = rng.between(-20, width);
      const y = rng.between(top, height);
      const l = rng.between(14, 34);
      parts.push(
        `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x - l * 0.22)}" y2="${n(y + l)}" opacity="${n(rng.between(0.12, 0.4))}"/>`,
      );
    }
    return `<g stroke="${color}" stroke-width="1.2" stroke-linecap="round">${parts.join('')}</g>`;
  }
  if (kind === 'lanterns') {
    for (let i = 0; i < area * 0.12 + 3; i++) {
      const x = rng.between(0, width);
      const y = rng.between(top, top + (height - top) * 0.75);
      const s = rng.between(6, 22) * (height / 720);
      parts.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 2.4)}" fill="${color}" opacity="0.18" filter="url(#soft)"/><rect x="${n(x - s * 0.55)}" y="${n(y - s * 0.75)}" width="${n(s * 1.1)}" height="${n(s * 1.5)}" rx="${n(s * 0.35)}" fill="url(#lantern)"/>`,
      );
    }
    return `<g>${parts.join('')}</g>`;
  }
  const spec = {
    snow: { count: 2.2, r: [1, 3.4], o: [0.35, 0.9] },
    fireflies: { count: 0.5, r: [1.5, 3.2], o: [0.5, 1] },
    dust: { count: 0.9, r: [0.8, 2], o: [0.15, 0.45] },
    stars: { count: 1.6, r: [0.5, 1.6], o: [0.3, 1] },
  }[kind];
  const glows: string[] = [];
  for (let i = 0; i < area * spec.count; i++) {
    const x = rng.between(0, width);
    const y = rng.between(top, height);
    const r = rng.between(spec.r[0]!, spec.r[1]!);
    const o = rng.between(spec.o[0]!, spec.o[1]!);
    parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" opacity="${n(o)}"/>`);
    if (kind === 'fireflies' || (kind === 'stars' && r > 1.4))
      glows.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 4)}" opacity="${n(o * 0.3)}"/>`);
  }
  return `<g fill="${color}"><g filter="url(#soft)">${glows.join('')}</g>${parts.join('')}</g>`;
}

/** Banks of fog drifting over the ground. */
export function fog(rng: Rng, width: number, y: number, depth: number, color: string) {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<ellipse cx="${n(rng.between(0, width))}" cy="${n(y + rng.between(-depth, depth) / 2)}" rx="${n(width * rng.between(0.25, 0.5))}" ry="${n(depth * rng.between(0.25, 0.5))}" opacity="${n(rng.between(0.12, 0.3))}"/>`,
    );
  }
  return `<g fill="${color}" filter="url(#haze)">${parts.join('')}</g>`;
}

/** Clouds lit from the light's side: soft ellipses in two tones. */
export function clouds(rng: Rng, width: number, top: number, bottom: number, shade: string, lit: string) {
  const parts: string[] = [];
  for (let i = 0; i < rng.int(4, 8); i++) {
    const cx = rng.between(0, width);
    const cy = rng.between(top, bottom);
    const rx = width * rng.between(0.08, 0.22);
    const ry = rx * rng.between(0.08, 0.16);
    parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${shade}" opacity="${n(rng.between(0.35, 0.7))}"/><ellipse cx="${n(cx + rx * 0.1)}" cy="${n(cy + ry * 0.45)}" rx="${n(rx * 0.8)}" ry="${n(ry * 0.35)}" fill="${mix(lit, shade, 0.3)}" opacity="${n(rng.between(0.25, 0.55))}"/>`,
    );
  }
  return `<g filter="url(#cloud)">${parts.join('')}</g>`;
}
