import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { binaries } from '../../../test/media-kit.js';
import {
  cardClipArgs,
  concatList,
  type FilmPlan,
  filmArgs,
  filmSeconds,
  joinArgs,
  trailerArgs,
} from './demo-film.js';
import { musicExpression, type Soundtrack } from './demo-soundtrack.js';

const music: Soundtrack = {
  roots: [0, -4, 3, -2],
  thirds: [3, 4, 4, 4],
  baseHz: 110,
  barSeconds: 4,
  notesPerSecond: 2,
  pluckDecay: 4,
  pulses: 2,
  brightness: 2200,
  ambience: 'rain',
};

const plan: FilmPlan = {
  width: 854,
  height: 480,
  crossfade: 1.5,
  vignette: 'vignette.png',
  soundtrack: music,
  scenes: [
    {
      seconds: 16,
      light: [0, -0.03],
      layers: [
        { file: 'sky.png', motion: { kind: 'pan', direction: 1 } },
        { file: 'far.png', motion: { kind: 'parallax', direction: 1 } },
        { file: 'birds.png', motion: { kind: 'fly', direction: 1 } },
        { file: 'rain.png', motion: { kind: 'fall', pixelsPerSecond: 720, sway: 4 } },
      ],
    },
    {
      seconds: 16,
      light: [0, 0],
      flashEvery: 5.5,
      layers: [
        { file: 'sky2.png', motion: { kind: 'pan', direction: -1 } },
        { file: 'lanterns.png', motion: { kind: 'rise', pixelsPerSecond: 24, sway: 8 } },
        { file: 'fog.png', motion: { kind: 'drift', pixelsPerSecond: 17 } },
      ],
    },
  ],
};

const film = filmArgs(plan, 'film.mp4');
const card = cardClipArgs('card.png', 4, music, 'card.mp4');
const trailer = trailerArgs('film.mp4', [{ start: 3, seconds: 3 }], 'end.png', 4, 'trailer.mp4');

/** The filters a graph names (quoted expressions and pad labels left out). */
function filtersOf(graph: string): string[] {
  return graph
    .replace(/'[^']*'/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(/[;,]/)
    .map((part) => part.trim().split('=')[0]!)
    .filter(Boolean);
}

/** Every filter graph of an argument list: -filter_complex and the lavfi inputs. */
function graphsOf(args: string[]): string[] {
  return args.flatMap((arg, i) =>
    args[i - 1] === '-filter_complex' || (args[i - 1] === '-i' && args[i - 2] === 'lavfi') ? [arg] : [],
  );
}

describe('demo films', () => {
  it('are drawn from still layers and synthesised sound: no test pattern, no timecode, no text', () => {
    for (const args of [film, card, trailer]) {
      const text = args.join(' ');
      expect(text).not.toMatch(
        /testsrc|smptebars|smptehdbars|rgbtestsrc|yuvtestsrc|mptestsrc|pal75bars|pal100bars/,
      );
      expect(text).not.toMatch(/drawtext|timecode|showwaves|showspectrum/);
    }
    const inputs = film.filter((_, i) => film[i - 1] === '-i');
    expect(inputs.slice(0, -1)).toEqual([
      'sky.png',
      'far.png',
      'birds.png',
      'rain.png',
      'sky2.png',
      'lanterns.png',
      'fog.png',
      'vignette.png',
    ]);
    expect(inputs.at(-1)).toMatch(/^aevalsrc=.*anoisesrc=/);
  });

  it('use only filters the ffmpeg in use has (the npm-shipped 4.1 has no xfade)', async () => {
    const { ffmpeg } = await binaries();
    const { stdout } = await promisify(execFile)(ffmpeg.path, ['-hide_banner', '-filters']);
    const available = new Set(
      stdout
        .split('\n')
        .map((line) => line.trim().split(/\s+/)[1])
        .filter(Boolean),
    );
    const used = new Set([film, card, trailer].flatMap(graphsOf).flatMap(filtersOf));
    expect(used.size).toBeGreaterThan(15);
    expect([...used].filter((name) => !available.has(name))).toEqual([]);
  });

  it('overlap scenes by the crossfade, blending only those seconds', () => {
    expect(filmSeconds(plan)).toBe(30.5);
    const graph = film[film.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('[tail0][head1]overlay');
    expect(graph).toContain('concat=n=3:v=1:a=0');
    expect(film.slice(film.indexOf('-t'), film.indexOf('-t') + 2)).toEqual(['-t', '30.5']);
  });

  it('play one mono expression of chords, bass and plucks (no channel separator in it)', () => {
    const expression = musicExpression(music);
    expect(expression).not.toMatch(/[|']/);
    expect([...expression].filter((c) => c === '(').length).toBe(
      [...expression].filter((c) => c === ')').length,
    );
    expect(expression).toContain('pow(2,');
  });

  it('join a card and its film by copying, quoting the paths as the concat demuxer reads them', () => {
    expect(concatList(['/data/tmp/card.mp4', "/data/it's/film.mp4"])).toBe(
      "file '/data/tmp/card.mp4'\nfile '/data/it'\\''s/film.mp4'\n",
    );
    expect(joinArgs('join.txt', 'out.mp4')).toEqual(expect.arrayContaining(['-f', 'concat', '-c', 'copy']));
  });
});
