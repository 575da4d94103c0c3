import { createHash } from 'node:crypto';
import { type FilmPlan, filmArgs, type LayerMotion } from './demo-film.js';
import { type FilmMood, MOOD_FILMS } from './demo-films.js';
import type { SceneSpec } from './demo-look.js';
import { n, seedOf } from './demo-random.js';
import { type SceneLayer, sceneParts } from './demo-scene.js';

/** The film's crossfade, shorter in the tests' tiny films. */
const crossfadeOf = (seconds: number) => Math.min(1.5, seconds / 8);

/** How much wider than the frame each layer of a scene is drawn: wider layers pass faster (parallax). */
const PARALLAX: Partial<Record<SceneLayer, number>> = { sky: 1.08, far: 1.2, mid: 1.45, near: 1.9 };

/** How the scene's weather (rain, snow, lanterns, fireflies, dust, fog) moves; undefined when it has none. */
function weatherMotion(look: SceneSpec, width: number, height: number): LayerMotion | undefined {
  switch (look.weather) {
    case 'rain':
      return { kind: 'fall', pixelsPerSecond: height * 1.5, sway: 4 };
    case 'snow':
      return { kind: 'fall', pixelsPerSecond: height * 0.1, sway: 16 };
    case 'lanterns':
      return { kind: 'rise', pixelsPerSecond: height * 0.05, sway: 8 };
    case 'fireflies':
      return { kind: 'rise', pixelsPerSecond: height * 0.025, sway: 14 };
    case 'dust':
      return { kind: 'drift', pixelsPerSecond: width * 0.025 };
    case 'fog':
      return { kind: 'drift', pixelsPerSecond: width * 0.02 };
    default:
      return undefined;
  }
}

const even = (value: number) => Math.ceil(value / 2) * 2;

/** One still layer of a film's scene as an SVG document, and how it moves. */
interface LayerDrawing {
  svg: string;
  motion: LayerMotion;
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${body}</svg>`;
}

/** The still layers of one film scene, back to front, as SVG documents. */
function sceneDrawings(mood: FilmMood, index: number, width: number, height: number): LayerDrawing[] {
  const scene = MOOD_FILMS[mood].scenes[index]!;
  const seed = seedOf(`${mood}:${index}`);
  const focus = index % 2 === 0 ? 'right' : 'center';
  const drawings: LayerDrawing[] = [];
  for (const layer of ['sky', 'far', 'mid', 'near'] as const) {
    const w = even(width * PARALLAX[layer]!);
    const { defs, layers } = sceneParts(scene.look, { width: w, height, seed, focus, film: true });
    if (layer === 'near' && layers.actor) {
      const actor = sceneParts(scene.look, { width, height, seed, focus, film: true });
      drawings.push({
        svg: svgDocument(width, height, actor.defs, actor.layers.actor),
        motion: { kind: 'fly', direction: scene.direction },
      });
    }
    if (!layers[layer]) continue;
    drawings.push({
      svg: svgDocument(w, height, defs, layers[layer]),
      motion:
        layer === 'sky'
          ? { kind: 'pan', direction: scene.direction }
          : { kind: 'parallax', direction: scene.direction },
    });
  }
  const motion = weatherMotion(scene.look, width, height);
  if (motion) {
    // A sheet of two tiles whose edges meet: each tile's content is drawn again one tile over, either side.
    const vertical = motion.kind === 'fall' || motion.kind === 'rise';
    const sway = vertical ? motion.sway : 0;
    const tileW = even(width + 2 * sway);
    const { defs, layers } = sceneParts(scene.look, { width: tileW, height, seed, focus, film: true });
    const copies = [-1, 0, 1, 2]
      .map(
        (k) =>
          `<g transform="translate(${vertical ? 0 : k * tileW},${vertical ? k * height : 0})">${layers.weather}</g>`,
      )
      .join('');
    drawings.push({
      svg: svgDocument(vertical ? tileW : tileW * 2, vertical ? height * 2 : height, defs, copies),
      motion,
    });
  }
  return drawings;
}

export interface FilmSpec {
  mood: FilmMood;
  seconds: number;
  width: number;
  height: number;
}

/**
 * Everything a mood's film is drawn from: each scene's layers and the vignette (SVG), the plan ffmpeg runs once
 * they are files (`file(scene, layer)`), and a key that changes with any drawing, argument or `encoder` (the
 * ffmpeg version: an episode's card is joined to the film by stream copy, so both must come from one encoder).
 */
export function filmDrawings(spec: FilmSpec, encoder: string) {
  const film = MOOD_FILMS[spec.mood];
  const crossfade = crossfadeOf(spec.seconds);
  const sceneSeconds = (spec.seconds + crossfade * (film.scenes.length - 1)) / film.scenes.length;
  const scenes = film.scenes.map((_, i) => sceneDrawings(spec.mood, i, spec.width, spec.height));
  const { defs } = sceneParts(film.scenes[0]!.look, { ...spec, seed: 1, focus: 'center', film: true });
  const vignette = svgDocument(
    spec.width,
    spec.height,
    defs,
    `<rect width="${n(spec.width)}" height="${n(spec.height)}" fill="url(#vignette)"/>`,
  );
  const plan = (file: (scene: number, layer: number) => string, vignetteFile: string): FilmPlan => ({
    width: spec.width,
    height: spec.height,
    crossfade,
    vignette: vignetteFile,
    soundtrack: film.music,
    scenes: scenes.map((layers, s) => {
      const { light, flashEvery } = film.scenes[s]!;
      return {
        seconds: sceneSeconds,
        light,
        ...(flashEvery ? { flashEvery } : {}),
        layers: layers.map((layer, l) => ({ file: file(s, l), motion: layer.motion })),
      };
    }),
  });
  const recipe = JSON.stringify([
    encoder,
    scenes,
    vignette,
    filmArgs(
      plan((s, l) => `${s}-${l}`, 'v'),
      'out',
    ),
  ]);
  const hash = createHash('sha256').update(recipe).digest('hex').slice(0, 16);
  return {
    scenes,
    vignette,
    plan,
    key: `${spec.mood}-${spec.width}x${spec.height}-${n(spec.seconds)}s-${hash}`,
  };
}
