/**
 * Pure argument builders for the demo catalogue's films: scenes composed from still layers that move (parallax
 * pans, falling rain, rising lanterns, birds crossing), crossfaded, with a soundtrack synthesised by ffmpeg's
 * own audio sources. Only filters the 2018 ffmpeg 4.1 of @ffmpeg-installer has (no xfade, no gradients) and that
 * later versions keep; no test patterns.
 */

import { f3, type Soundtrack, soundtrackGraph, stingGraph } from './demo-soundtrack.js';

export const FILM_FPS = 24;

/** How one still layer moves across the frame. */
export type LayerMotion =
  /** The background (opaque, at least the frame): the camera pans across it. */
  | { kind: 'pan'; direction: 1 | -1 }
  /** A wider layer in front, panned in step with the background (wider layers pass faster). */
  | { kind: 'parallax'; direction: 1 | -1 }
  /** A sheet twice the frame's height whose two halves match: it falls (rain, snow) or rises (lanterns). */
  | { kind: 'fall' | 'rise'; pixelsPerSecond: number; sway: number }
  /** A sheet twice the frame's width, drifting sideways (fog, dust). */
  | { kind: 'drift'; pixelsPerSecond: number }
  /** A frame-sized layer crossing the sky (birds, a ship), entering from one side. */
  | { kind: 'fly'; direction: 1 | -1 };

export interface FilmLayer {
  file: string;
  motion: LayerMotion;
}

export interface FilmScene {
  seconds: number;
  /** Back to front; the first is the opaque background. */
  layers: FilmLayer[];
  /** Brightness at the scene's start and end (-1..1): a sunset darkens, a dawn brightens. */
  light: [number, number];
  /** Lightning: brightness flashes every so many seconds. */
  flashEvery?: number;
}

export interface FilmPlan {
  width: number;
  height: number;
  scenes: FilmScene[];
  crossfade: number;
  /** Frame-sized vignette drawn over everything (optional). */
  vignette?: string;
  soundtrack: Soundtrack;
}

/** The film's length: scenes overlap by the crossfade. */
export function filmSeconds(plan: Pick<FilmPlan, 'scenes' | 'crossfade'>): number {
  return (
    plan.scenes.reduce((sum, scene) => sum + scene.seconds, 0) - plan.crossfade * (plan.scenes.length - 1)
  );
}

/** A still input turned into `seconds` of frames, converted once before it is repeated. */
function still(input: number, seconds: number, format: 'yuv420p' | 'yuva420p'): string {
  return `[${input}:v]format=${format},loop=loop=-1:size=1,settb=1/${FILM_FPS},setpts=N,trim=duration=${f3(seconds)}`;
}

/** Where a layer sits at time t of a scene `d` seconds long (overlay x:y). */
function position(motion: LayerMotion, d: number): string {
  const progress = (direction: 1 | -1) => (direction === 1 ? `t/${f3(d)}` : `(1-t/${f3(d)})`);
  switch (motion.kind) {
    case 'parallax':
      return `x='-(overlay_w-main_w)*${progress(motion.direction)}':y=0`;
    case 'fall':
      return `x='${f3(motion.sway)}*(sin(t*0.8)-1)':y='mod(t*${f3(motion.pixelsPerSecond)},main_h)-main_h'`;
    case 'rise':
      return `x='${f3(motion.sway)}*(sin(t*0.6)-1)':y='-mod(t*${f3(motion.pixelsPerSecond)},main_h)'`;
    case 'drift':
      return `x='-mod(t*${f3(motion.pixelsPerSecond)},main_w)':y=0`;
    case 'fly':
      return motion.direction === 1
        ? `x='main_w*(1.6*t/${f3(d)}-0.8)':y=0`
        : `x='main_w*(0.8-1.6*t/${f3(d)})':y=0`;
    default:
      return 'x=0:y=0'; // a second background stands still
  }
}

/** One scene's graph: `[s<i>]`, frames from 0 for its own length. */
function sceneGraph(scene: FilmScene, index: number, firstInput: number, plan: FilmPlan): string {
  const d = scene.seconds;
  const parts: string[] = [];
  const [background, ...rest] = scene.layers;
  if (!background) throw new Error('A scene needs a background layer');
  const direction = background.motion.kind === 'pan' ? background.motion.direction : 1;
  const x = direction === 1 ? `(iw-ow)*t/${f3(d)}` : `(iw-ow)*(1-t/${f3(d)})`;
  parts.push(
    `${still(firstInput, d, 'yuv420p')},crop=${plan.width}:${plan.height}:x='${x}':y=0[s${index}l0]`,
  );
  rest.forEach((layer, i) => {
    const input = firstInput + i + 1;
    parts.push(`${still(input, d, 'yuva420p')}[s${index}i${i + 1}]`);
    parts.push(
      `[s${index}l${i}][s${index}i${i + 1}]overlay=${position(layer.motion, d)}:eof_action=pass[s${index}l${i + 1}]`,
    );
  });
  const [from, to] = scene.light;
  let brightness = `${f3(from)}+${f3(to - from)}*t/${f3(d)}`;
  if (scene.flashEvery)
    brightness += `+0.32*between(mod(t,${f3(scene.flashEvery)}),0,0.09)+0.18*between(mod(t,${f3(scene.flashEvery)}),0.17,0.24)`;
  parts.push(`[s${index}l${scene.layers.length - 1}]eq=brightness='${brightness}':eval=frame[s${index}]`);
  return parts.join(';\n');
}

/** Encoder settings of every demo source: quick to make, as the ladder encodes it again. */
function sourceOutput(output: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '21',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(FILM_FPS * 2),
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-movflags',
    '+faststart',
    output,
  ];
}

/**
 * The scenes joined end to end, each one's last `crossfade` seconds blended with the next one's first (the next
 * fading in by its alpha over it): only those seconds are blended, the rest of each scene passes as it is.
 */
function crossfades(plan: FilmPlan): string {
  const x = plan.crossfade;
  const last = plan.scenes.length - 1;
  const parts: string[] = [];
  const pieces: string[] = [];
  const cut = (label: string, from: number, to: number) =>
    `[${label}]trim=start=${f3(from)}:end=${f3(to)},setpts=PTS-STARTPTS`;
  plan.scenes.forEach((scene, i) => {
    const d = scene.seconds;
    const outs = [`m${i}`, ...(i > 0 ? [`h${i}`] : []), ...(i < last ? [`t${i}`] : [])];
    parts.push(`[s${i}]setsar=1,split=${outs.length}${outs.map((o) => `[${o}]`).join('')}`);
    const opening = i === 0 ? `,fade=t=in:st=0:d=${f3(Math.min(1, d / 4))}` : '';
    parts.push(`${cut(`m${i}`, i > 0 ? x : 0, i < last ? d - x : d)}${opening}[mid${i}]`);
    if (i > 0)
      parts.push(`${cut(`h${i}`, 0, x)},format=yuva420p,fade=t=in:st=0:d=${f3(x)}:alpha=1[head${i}]`);
    if (i < last) parts.push(`${cut(`t${i}`, d - x, d)}[tail${i}]`);
  });
  plan.scenes.forEach((_, i) => {
    pieces.push(`[mid${i}]`);
    if (i < last) {
      parts.push(`[tail${i}][head${i + 1}]overlay=eof_action=pass,format=yuv420p[x${i}]`);
      pieces.push(`[x${i}]`);
    }
  });
  parts.push(`${pieces.join('')}concat=n=${pieces.length}:v=1:a=0[joined]`);
  return parts.join(';\n');
}

/** A whole film in one ffmpeg run: each scene's layers as inputs (in order), its soundtrack as the last input. */
export function filmArgs(plan: FilmPlan, output: string): string[] {
  const total = filmSeconds(plan);
  // Overlays split their work across threads (slices) where cores are free.
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-filter_complex_threads', '2'];
  const graph: string[] = [];
  let input = 0;
  plan.scenes.forEach((scene, i) => {
    for (const layer of scene.layers) args.push('-i', layer.file);
    graph.push(sceneGraph(scene, i, input, plan));
    input += scene.layers.length;
  });
  if (plan.vignette) args.push('-i', plan.vignette);
  args.push('-f', 'lavfi', '-i', soundtrackGraph(plan.soundtrack, total));
  graph.push(crossfades(plan));
  let last = 'joined';
  if (plan.vignette) {
    graph.push(`${still(input, total, 'yuva420p')}[vig]`, `[${last}][vig]overlay=0:0[vg]`);
    last = 'vg';
  }
  graph.push(`[${last}]fade=t=out:st=${f3(Math.max(0, total - 1.5))}:d=1.5,format=yuv420p[v]`);
  args.push(
    '-filter_complex',
    graph.join(';\n'),
    '-map',
    '[v]',
    '-map',
    `${input + (plan.vignette ? 1 : 0)}:a`,
  );
  args.push('-t', f3(total), ...sourceOutput(output));
  return args;
}

const VIDEO_FORMAT = `fps=${FILM_FPS},format=yuv420p,setsar=1`;
const AUDIO_FORMAT = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';

/**
 * An episode's opening card (series, S1 E2, episode title) as a clip of its own, encoded as the film is, so
 * `joinArgs` can put it before the film without encoding the film again.
 */
export function cardClipArgs(card: string, cardSeconds: number, music: Soundtrack, output: string): string[] {
  const c = f3(cardSeconds);
  const edge = f3(Math.min(0.6, cardSeconds / 4));
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-loop',
    '1',
    '-framerate',
    String(FILM_FPS),
    '-t',
    c,
    '-i',
    card,
    '-f',
    'lavfi',
    '-i',
    stingGraph(music, cardSeconds),
    '-filter_complex',
    `[0:v]${VIDEO_FORMAT},fade=t=in:st=0:d=${edge},fade=t=out:st=${f3(cardSeconds - Number(edge))}:d=${edge}[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-t',
    c,
    ...sourceOutput(output),
  ];
}

/** The concat demuxer's list of files (single quotes escaped as it reads them). */
export function concatList(files: string[]): string {
  return files.map((file) => `file '${file.replace(/'/g, "'\\''")}'\n`).join('');
}

/** Joins clips encoded alike (a card and its film) by copying their streams. */
export function joinArgs(list: string, output: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** A trailer: `cuts` moments of the film (start and length in seconds), dipping to black, then the title card. */
export function trailerArgs(
  film: string,
  cuts: { start: number; seconds: number }[],
  endCard: string,
  endSeconds: number,
  output: string,
): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];
  for (const cut of cuts) args.push('-ss', f3(cut.start), '-t', f3(cut.seconds), '-i', film);
  args.push('-loop', '1', '-framerate', String(FILM_FPS), '-t', f3(endSeconds), '-i', endCard);
  const e = f3(endSeconds);
  // A low hit as the title lands: a falling sine with a fast decay, then the room's echo.
  args.push(
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='0.6*exp(-2.2*t)*sin(2*PI*t*(38+30*exp(-6*t)))+0.05*exp(-1.5*t)*sin(2*PI*t*880)':s=22050:d=${e},lowpass=f=1800,aecho=0.8:0.7:350|800:0.35|0.2,pan=stereo|c0=c0|c1=c0,aresample=48000`,
  );
  const graph: string[] = [];
  const labels: string[] = [];
  cuts.forEach((cut, i) => {
    const s = f3(cut.seconds);
    const edge = f3(Math.min(0.35, cut.seconds / 5));
    const out = f3(cut.seconds - Number(edge));
    graph.push(
      `[${i}:v]${VIDEO_FORMAT},setpts=PTS-STARTPTS,trim=duration=${s},fade=t=in:st=0:d=${edge},fade=t=out:st=${out}:d=${edge}[v${i}]`,
      `[${i}:a]${AUDIO_FORMAT},asetpts=PTS-STARTPTS,atrim=duration=${s},afade=t=in:d=${edge},afade=t=out:st=${out}:d=${edge}[a${i}]`,
    );
    labels.push(`[v${i}][a${i}]`);
  });
  const card = cuts.length;
  const endIn = f3(Math.min(0.4, endSeconds / 4));
  const endOut = Math.min(0.6, endSeconds / 3);
  graph.push(
    `[${card}:v]${VIDEO_FORMAT},fade=t=in:st=0:d=${endIn},fade=t=out:st=${f3(endSeconds - endOut)}:d=${f3(endOut)}[ve]`,
    // The hit's echo rings past the card: cut it at the card's end, so sound and picture end together.
    `[${card + 1}:a]${AUDIO_FORMAT},atrim=duration=${e}[ae]`,
    `${labels.join('')}[ve][ae]concat=n=${cuts.length + 1}:v=1:a=1[v][a]`,
  );
  args.push('-filter_complex', graph.join(';'), '-map', '[v]', '-map', '[a]', ...sourceOutput(output));
  return args;
}
