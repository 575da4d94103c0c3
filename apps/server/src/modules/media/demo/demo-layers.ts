import { birds, camel, clouds, fog, particles, person, robot, ship } from './demo-figures.js';
import type { Geometry, SceneSpec } from './demo-look.js';
import { mix, n, type Rng, shiftHue } from './demo-random.js';
import {
  domes,
  harbour,
  houses,
  lighthouse,
  type Ridge,
  ridge,
  station,
  towers,
  trees,
} from './demo-skylines.js';

/** The layers of a demo scene, back to front, each an SVG fragment in the scene's pixels. */

export function skyLayer(spec: SceneSpec, g: Geometry, rng: Rng, film: boolean): string {
  const { w, h, palette: p } = g;
  const parts = [`<rect width="${n(w)}" height="${n(h)}" fill="url(#skyfill)"/>`];
  if (p.stars) parts.push(particles(rng.fork('stars'), 'stars', w, g.horizon * 0.95, 0, '#ffffff'));
  if (spec.sky === 'space') {
    for (const [i, color] of ['#7a2d8c', '#1e6fa8', '#c2415a'].entries()) {
      const cx = rng.between(0, w);
      const cy = rng.between(0, h * 0.7);
      parts.push(
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(w * rng.between(0.2, 0.45))}" ry="${n(h * rng.between(0.08, 0.2))}" transform="rotate(${n(rng.between(-30, 30))} ${n(cx)} ${n(cy)})" fill="${shiftHue(color, i * 7)}" opacity="${n(rng.between(0.25, 0.45))}" filter="url(#haze)"/>`,
      );
    }
  }
  const glowR = g.lightR * (spec.sky === 'space' ? 2.6 : 7);
  parts.push(
    `<ellipse cx="${n(g.lightX)}" cy="${n(g.lightY)}" rx="${n(glowR * 1.3)}" ry="${n(glowR)}" fill="url(#glow)"/>`,
  );
  if (spec.sky === 'dusk' || spec.sky === 'dawn' || spec.sky === 'day') {
    const rays: string[] = [];
    for (let i = 0; i < 7; i++) {
      const a = rng.between(-2.6, -0.5);
      const spread = rng.between(0.02, 0.06);
      const l = Math.max(w, h) * 1.2;
      rays.push(
        `<path d="M${n(g.lightX)},${n(g.lightY)} L${n(g.lightX + Math.cos(a - spread) * l)},${n(g.lightY + Math.sin(a - spread) * l)} L${n(g.lightX + Math.cos(a + spread) * l)},${n(g.lightY + Math.sin(a + spread) * l)} Z"/>`,
      );
    }
    parts.push(`<g fill="${p.light}" opacity="0.07" filter="url(#soft)">${rays.join('')}</g>`);
  }
  if (spec.sky === 'space' || spec.sky === 'mars') {
    const r = spec.sky === 'mars' ? g.lightR * 0.6 : g.lightR;
    const px = spec.sky === 'mars' ? w - g.lightX * 0.8 : g.lightX;
    const py = spec.sky === 'mars' ? h * 0.2 : g.lightY;
    parts.push(
      `<circle cx="${n(px)}" cy="${n(py)}" r="${n(r)}" fill="url(#planet)"/><ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(r * 1.9)}" ry="${n(r * 0.32)}" transform="rotate(-14 ${n(px)} ${n(py)})" fill="none" stroke="${p.light}" stroke-opacity="0.35" stroke-width="${n(r * 0.06)}"/>`,
    );
  }
  if (spec.sky !== 'space') {
    parts.push(`<circle cx="${n(g.lightX)}" cy="${n(g.lightY)}" r="${n(g.lightR)}" fill="url(#disc)"/>`);
    if (spec.sky === 'night' || spec.sky === 'winter')
      parts.push(
        `<g fill="${p.glow}" opacity="0.18"><circle cx="${n(g.lightX - g.lightR * 0.3)}" cy="${n(g.lightY - g.lightR * 0.2)}" r="${n(g.lightR * 0.22)}"/><circle cx="${n(g.lightX + g.lightR * 0.35)}" cy="${n(g.lightY + g.lightR * 0.25)}" r="${n(g.lightR * 0.15)}"/></g>`,
      );
    const shade = mix(p.sky[1]!, p.land[1], 0.4);
    parts.push(clouds(rng.fork('clouds'), w, h * 0.08, g.horizon * 0.85, shade, p.glow));
  }
  if (spec.sky === 'storm' && !film && rng.chance(0.8)) {
    let x = rng.between(w * 0.1, w * 0.4);
    let y = 0;
    const bolt = [`${n(x)},0`];
    while (y < g.horizon * 0.9) {
      y += rng.between(12, 30) * (h / 720);
      x += rng.between(-18, 18) * (w / 1280);
      bolt.push(`${n(x)},${n(y)}`);
    }
    parts.push(
      `<polyline points="${bolt.join(' ')}" fill="none" stroke="${p.light}" stroke-width="${n(w / 500)}" opacity="0.85"/><polyline points="${bolt.join(' ')}" fill="none" stroke="${p.glow}" stroke-width="${n(w / 80)}" opacity="0.35" filter="url(#soft)"/>`,
    );
  }
  if (spec.land === 'sea') parts.push(sea(g, rng.fork('sea')));
  return parts.join('\n');
}

/** Open water below the horizon with the light's broken reflection (in the sky's plane, so they move together). */
function sea(g: Geometry, rng: Rng): string {
  const { w, h, palette: p } = g;
  const reflection: string[] = [];
  for (let y = g.horizon + 3; y < h; y += rng.between(3, 7) * (h / 720)) {
    const spread = (y - g.horizon) * 0.35 + g.lightR;
    reflection.push(
      `<rect x="${n(g.lightX - rng.between(0.2, 1) * spread)}" y="${n(y)}" width="${n(rng.between(0.3, 1.6) * spread)}" height="${n(Math.max(1, h / 500))}" opacity="${n(rng.between(0.15, 0.6) * (1 - (y - g.horizon) / (h - g.horizon)))}"/>`,
    );
  }
  return `<rect y="${n(g.horizon)}" width="${n(w)}" height="${n(h - g.horizon)}" fill="url(#sea)"/><g fill="${p.light}">${reflection.join('')}</g>`;
}

export function farLayer(spec: SceneSpec, g: Geometry, rng: Rng): string {
  const { w, h, palette: p } = g;
  if (spec.land === 'sea') {
    const coast = ridge(rng, w, g.horizon, h * 0.03, w / 5, g.horizon + 1);
    return `<path d="${coast.path}" fill="${p.land[0]}" opacity="0.8"/>`;
  }
  const amplitude = { mountains: 0.2, dunes: 0.07, hills: 0.08, plain: 0.025 }[spec.land] * h;
  const step = { mountains: w / 5, dunes: w / 3, hills: w / 3.5, plain: w / 4 }[spec.land];
  const back = ridge(
    rng,
    w,
    g.horizon - amplitude * 0.3,
    amplitude * 1.2,
    step,
    h,
    spec.land === 'mountains',
  );
  const front = ridge(
    rng,
    w,
    g.horizon + h * 0.02,
    amplitude * 0.6,
    step * 0.7,
    h,
    spec.land === 'mountains',
  );
  const snow = spec.sky === 'winter' && spec.land === 'mountains';
  return `<path d="${back.path}" fill="${mix(p.land[0], p.haze, 0.35)}"/>${snow ? `<path d="${back.path}" fill="#ffffff" opacity="0.25"/>` : ''}
<path d="${front.path}" fill="${p.land[0]}"/><rect y="${n(g.horizon - amplitude)}" width="${n(w)}" height="${n(h - g.horizon + amplitude)}" fill="url(#depth)"/>`;
}

export function midLayer(spec: SceneSpec, g: Geometry, rng: Rng): string {
  const { w, h, palette: p } = g;
  const base = g.horizon + h * 0.05;
  const tall = h * (h > w ? 0.22 : 0.3);
  // Buildings in daylight are brick and plaster, not the hills' green.
  const built = spec.skyline === 'houses' || spec.skyline === 'domes' || spec.skyline === 'towers';
  const fill = spec.sky === 'day' && built ? mix(p.land[1], '#a8664a', 0.65) : p.land[1];
  switch (spec.skyline) {
    case 'towers':
      return towers(rng, w, base, tall, fill, p.accent);
    case 'domes':
      return domes(rng, w, base, tall * 0.8, fill, p.accent);
    case 'houses':
      return houses(rng, w, base, tall * 0.45, fill, p.accent);
    case 'harbour':
      return `${harbour(rng, w, base, tall * 0.7, fill, p.accent)}${lighthouse(w - g.lightX * 0.9, base, tall * 0.9, fill, p.light, rng.between(-2.9, -2.3))}`;
    case 'pines':
    case 'trees': {
      const line = ridge(rng.fork('treeline'), w, base, h * 0.015, w / 4, h);
      return trees(
        rng,
        w,
        line,
        tall * (spec.skyline === 'pines' ? 0.7 : 0.45),
        fill,
        spec.skyline === 'pines',
      );
    }
    case 'station':
      return station(
        w - g.lightX * 0.7,
        h * rng.between(0.2, 0.35),
        Math.min(w, h) * 0.09,
        p.land[0],
        p.accent,
      );
    default:
      return '';
  }
}

function figures(spec: SceneSpec, g: Geometry, ground: Ridge, rng: Rng): string {
  const { w, h, palette: p } = g;
  const x = g.lightX + w * rng.between(-0.08, 0.08);
  const size = h * (h > w ? 0.2 : 0.24);
  const at = (dx: number) => ground.y(x + dx) + size * 0.02;
  const fill = p.land[2];
  switch (spec.figure) {
    case 'person':
      return `<g fill="${fill}">${person(x, at(0), size)}</g>`;
    case 'detective':
      return `<g fill="${fill}">${person(x, at(0), size, 'hat')}</g>`;
    case 'pair':
      return `<g fill="${fill}">${person(x - size * 0.16, at(-size * 0.16), size)}${person(x + size * 0.14, at(size * 0.14), size * 0.93)}</g>`;
    case 'banner':
      return `<g fill="${fill}">${person(x, at(0), size * 1.05, 'banner')}</g>`;
    case 'caravan': {
      const parts: string[] = [];
      for (let i = 0; i < 4; i++) {
        const cx = x - w * 0.3 + i * size * 0.95;
        parts.push(camel(cx, at(cx - x), size * 0.7));
      }
      parts.push(person(x - w * 0.3 + 4 * size * 0.95, at(-w * 0.3 + 4 * size * 0.95), size * 0.6));
      return `<g fill="${fill}" stroke="${fill}">${parts.join('')}</g>`;
    }
    case 'robot':
      return `<g fill="${fill}">${robot(x, at(0), size * 0.85, p.accent)}</g>`;
    default:
      return '';
  }
}

/** What flies: a flock of birds or a ship, drawn apart so a film can move it across the sky. */
export function actorLayer(spec: SceneSpec, g: Geometry, rng: Rng): string {
  const { w, h, palette: p } = g;
  if (spec.figure === 'birds')
    return birds(rng, g.lightX - w * 0.1, h * 0.3, Math.min(w, h * 1.8) * 0.3, p.land[2]);
  if (spec.figure === 'ship')
    return ship(
      w * rng.between(0.25, 0.45),
      h * rng.between(0.3, 0.45),
      Math.min(w, h * 1.8) * 0.12,
      p.land[1],
      p.accent,
    );
  return '';
}

export function nearLayer(spec: SceneSpec, g: Geometry, rng: Rng): string {
  const { w, h, palette: p } = g;
  // Posters keep the bottom quarter for the title, on the darkest ground; banners keep their figures inside
  // the band a wide hero shows.
  const base =
    h > w ? h * rng.between(0.66, 0.7) : spec.land === 'sea' ? h * 0.86 : h * rng.between(0.78, 0.83);
  const ground = ridge(rng, w, base, h * 0.05, w / 2.5, h + 2);
  const tufts: string[] = [];
  if (spec.land === 'hills' || spec.land === 'plain') {
    for (let x = 0; x < w; x += rng.between(6, 18)) {
      const y = ground.y(x);
      const l = rng.between(5, 14) * (h / 720);
      tufts.push(
        `<path d="M${n(x)},${n(y + 2)} L${n(x + rng.between(-3, 3))},${n(y - l)} L${n(x + 2)},${n(y + 2)} Z"/>`,
      );
    }
  }
  const flowers: string[] = [];
  if (spec.sky === 'day') {
    for (let i = 0; i < w / 14; i++) {
      const x = rng.between(0, w);
      flowers.push(
        `<circle cx="${n(x)}" cy="${n(ground.y(x) + rng.between(4, h - ground.y(x)))}" r="${n(rng.between(1.5, 3.5) * (h / 720))}" fill="${rng.pick(['#ffe27a', '#ff8fb1', '#ffffff', '#ffb347'])}"/>`,
      );
    }
  }
  const middle =
    spec.land === 'sea'
      ? ''
      : `<path d="${ridge(rng, w, base - h * rng.between(0.05, 0.09), h * 0.04, w / 3, h + 2).path}" fill="${mix(p.land[1], p.land[2], 0.45)}"/>`;
  return `${middle}<path d="${ground.path}" fill="${p.land[2]}"/><g fill="${p.land[2]}">${tufts.join('')}</g>${flowers.join('')}${figures(spec, g, ground, rng)}`;
}

export function weatherLayer(spec: SceneSpec, g: Geometry, rng: Rng): string {
  const { w, h, palette: p } = g;
  switch (spec.weather) {
    case 'rain':
      return particles(rng, 'rain', w, h, 0, mix(p.light, p.haze, 0.3));
    case 'snow':
      return particles(rng, 'snow', w, h, 0, '#ffffff');
    case 'fog':
      return fog(rng, w, h * 0.8, h * 0.4, p.haze);
    case 'fireflies':
      return particles(rng, 'fireflies', w, h, g.horizon - h * 0.1, p.accent);
    case 'lanterns':
      return particles(rng, 'lanterns', w, h, h * 0.05, p.accent);
    case 'dust':
      return particles(rng, 'dust', w, h, h * 0.2, p.glow);
    default:
      return '';
  }
}

export function finishLayer(g: Geometry, texture: boolean): string {
  const grain = texture
    ? `<rect width="${n(g.w)}" height="${n(g.h)}" filter="url(#texture)" opacity="0.55"/>`
    : '';
  return `${grain}<rect width="${n(g.w)}" height="${n(g.h)}" fill="url(#vignette)"/>`;
}
