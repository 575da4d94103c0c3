import type { SceneSpec } from './demo-look.js';
import type { Soundtrack } from './demo-soundtrack.js';

/**
 * The demo catalogue's few films, one per mood, shared by the titles of that mood: four scenes each (what the
 * camera sees, which way it pans, how the light changes) and the score (chords, tempo, texture, ambience).
 */

export const FILM_MOODS = ['night', 'warm', 'space', 'kids'] as const;
export type FilmMood = (typeof FILM_MOODS)[number];

export interface MoodScene {
  look: SceneSpec;
  direction: 1 | -1;
  light: [number, number];
  flashEvery?: number;
}

export interface MoodFilm {
  scenes: MoodScene[];
  music: Soundtrack;
}

export const MOOD_FILMS: Record<FilmMood, MoodFilm> = {
  // Thrillers, crime, mystery, horror: rain on a harbour and a city, a storm in the pines; A minor, slow.
  night: {
    scenes: [
      {
        look: { sky: 'night', land: 'sea', skyline: 'harbour', weather: 'rain', figure: 'detective' },
        direction: 1,
        light: [0, -0.03],
      },
      {
        look: { sky: 'night', land: 'plain', skyline: 'towers', weather: 'rain', figure: 'person' },
        direction: -1,
        light: [-0.02, 0],
      },
      {
        look: { sky: 'storm', land: 'mountains', skyline: 'pines', weather: 'fog', figure: 'person' },
        direction: 1,
        light: [0, -0.02],
        flashEvery: 5.5,
      },
      {
        look: { sky: 'night', land: 'hills', skyline: 'houses', weather: 'fog', figure: 'detective' },
        direction: -1,
        light: [0, -0.05],
      },
    ],
    music: {
      roots: [0, -4, 3, -2],
      thirds: [3, 4, 4, 4],
      baseHz: 110,
      barSeconds: 4.5,
      notesPerSecond: 2,
      pluckDecay: 4,
      pulses: 2,
      brightness: 2200,
      ambience: 'rain',
    },
  },
  // Drama, romance, history, adventure: a caravan at sunset, a dawn town, lanterns, a winter pass; D major.
  warm: {
    scenes: [
      {
        look: { sky: 'dusk', land: 'dunes', skyline: 'none', weather: 'dust', figure: 'caravan' },
        direction: 1,
        light: [0.02, -0.04],
      },
      {
        look: { sky: 'dawn', land: 'hills', skyline: 'domes', weather: 'clear', figure: 'pair' },
        direction: -1,
        light: [-0.04, 0.02],
      },
      {
        look: { sky: 'night', land: 'plain', skyline: 'houses', weather: 'lanterns', figure: 'pair' },
        direction: 1,
        light: [0, 0],
      },
      {
        look: { sky: 'winter', land: 'mountains', skyline: 'none', weather: 'snow', figure: 'banner' },
        direction: -1,
        light: [0, -0.02],
      },
    ],
    music: {
      roots: [0, -3, 5, 7],
      thirds: [4, 3, 4, 4],
      baseHz: 73.42,
      barSeconds: 4,
      notesPerSecond: 3,
      pluckDecay: 4.5,
      pulses: 2,
      brightness: 3400,
      ambience: 'wind',
    },
  },
  // Science fiction and action: a station and a ship, the red planet, a city under a ringed world; E minor.
  space: {
    scenes: [
      {
        look: { sky: 'space', land: 'plain', skyline: 'station', weather: 'clear', figure: 'ship' },
        direction: 1,
        light: [0, 0],
      },
      {
        look: { sky: 'mars', land: 'dunes', skyline: 'none', weather: 'dust', figure: 'robot' },
        direction: -1,
        light: [0, -0.03],
      },
      {
        look: { sky: 'space', land: 'plain', skyline: 'towers', weather: 'clear', figure: 'ship' },
        direction: -1,
        light: [-0.02, 0.02],
      },
      {
        look: { sky: 'space', land: 'mountains', skyline: 'station', weather: 'clear', figure: 'person' },
        direction: 1,
        light: [0, -0.03],
      },
    ],
    music: {
      roots: [0, -4, -2, -5],
      thirds: [3, 4, 4, 3],
      baseHz: 82.41,
      barSeconds: 6,
      notesPerSecond: 4,
      pluckDecay: 3,
      pulses: 1,
      brightness: 4200,
      ambience: 'hum',
    },
  },
  // Animation and family: birds over green hills, fireflies, a robot on Mars, a village; C major, bouncy.
  kids: {
    scenes: [
      {
        look: { sky: 'day', land: 'hills', skyline: 'trees', weather: 'clear', figure: 'birds' },
        direction: 1,
        light: [0, 0.02],
      },
      {
        look: { sky: 'night', land: 'hills', skyline: 'trees', weather: 'fireflies', figure: 'none' },
        direction: -1,
        light: [0.02, 0],
      },
      {
        look: { sky: 'mars', land: 'dunes', skyline: 'none', weather: 'dust', figure: 'robot' },
        direction: 1,
        light: [0.03, 0.03],
      },
      {
        look: { sky: 'day', land: 'plain', skyline: 'houses', weather: 'clear', figure: 'birds' },
        direction: -1,
        light: [0, 0.03],
      },
    ],
    music: {
      roots: [0, 7, -3, 5],
      thirds: [4, 4, 3, 4],
      baseHz: 65.41,
      barSeconds: 2.4,
      notesPerSecond: 5,
      pluckDecay: 9,
      pulses: 4,
      brightness: 5000,
      ambience: 'none',
    },
  },
};
