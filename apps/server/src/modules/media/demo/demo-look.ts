/** What a demo scene shows, and the colours of each sky: the vocabulary of the key art and the films. */

export type SkyKind = 'night' | 'dusk' | 'dawn' | 'day' | 'space' | 'storm' | 'winter' | 'mars';
export type LandKind = 'mountains' | 'dunes' | 'hills' | 'sea' | 'plain';
export type SkylineKind = 'none' | 'towers' | 'domes' | 'houses' | 'pines' | 'trees' | 'harbour' | 'station';
export type WeatherKind = 'clear' | 'rain' | 'snow' | 'fog' | 'fireflies' | 'lanterns' | 'dust';
export type FigureKind =
  | 'none'
  | 'person'
  | 'detective'
  | 'pair'
  | 'banner'
  | 'caravan'
  | 'robot'
  | 'birds'
  | 'ship';

export interface SceneSpec {
  sky: SkyKind;
  land: LandKind;
  skyline: SkylineKind;
  weather: WeatherKind;
  figure: FigureKind;
}

export interface Palette {
  /** Sky from the zenith down to the horizon. */
  sky: string[];
  light: string;
  glow: string;
  /** Far land, skyline, near ground. */
  land: [string, string, string];
  accent: string;
  haze: string;
  stars: boolean;
}

export const PALETTES: Record<SkyKind, Palette> = {
  night: {
    sky: ['#03050d', '#0a1630', '#17345a', '#2f5878'],
    light: '#eef3ff',
    glow: '#7fa7d6',
    land: ['#152a45', '#0b1629', '#03060c'],
    accent: '#ffc872',
    haze: '#6d8fb3',
    stars: true,
  },
  storm: {
    sky: ['#06080c', '#141b24', '#2a3643', '#46566a'],
    light: '#d8e8ff',
    glow: '#8fb4e0',
    land: ['#1d2733', '#10161e', '#040609'],
    accent: '#ffd08a',
    haze: '#8ea2b8',
    stars: false,
  },
  dusk: {
    sky: ['#1c1033', '#55275a', '#b8485a', '#ee8a48', '#ffc871'],
    light: '#fff0c4',
    glow: '#ffb35c',
    land: ['#6a3150', '#361a35', '#120813'],
    accent: '#ffd58e',
    haze: '#f2a06a',
    stars: false,
  },
  dawn: {
    sky: ['#223260', '#5f6699', '#d69aa3', '#fbd7a6'],
    light: '#fff7de',
    glow: '#ffd9a0',
    land: ['#8a7aa2', '#4d3f66', '#1c1630'],
    accent: '#ffe3aa',
    haze: '#f6cfc0',
    stars: false,
  },
  day: {
    sky: ['#1a68cc', '#3f95e3', '#86c6f0', '#d2ecf8'],
    light: '#fffbe6',
    glow: '#fff2b3',
    land: ['#7cc49a', '#3d9a4c', '#22703a'],
    accent: '#ffe27a',
    haze: '#eaf6ff',
    stars: false,
  },
  space: {
    sky: ['#010106', '#070520', '#150a33', '#2a0f3d'],
    light: '#ffd7a8',
    glow: '#ff7a59',
    land: ['#2b1430', '#150a1c', '#050208'],
    accent: '#6fe3ff',
    haze: '#6a3d8c',
    stars: true,
  },
  winter: {
    sky: ['#15233c', '#3d5b80', '#8eaecb', '#d9e6f1'],
    light: '#ffffff',
    glow: '#e6f0ff',
    land: ['#7590ad', '#3a4c66', '#161e2c'],
    accent: '#ffe0a0',
    haze: '#e8f0f8',
    stars: false,
  },
  mars: {
    sky: ['#1e0a08', '#5e2315', '#b5562f', '#eba060'],
    light: '#fff1d6',
    glow: '#ffb070',
    land: ['#8b3a1f', '#4e1c0e', '#1d0904'],
    accent: '#7cf0ff',
    haze: '#f0a070',
    stars: true,
  },
};

/** A scene's frame, horizon and light, in pixels, with its palette (turned by the title's seed). */
export interface Geometry {
  w: number;
  h: number;
  horizon: number;
  lightX: number;
  lightY: number;
  lightR: number;
  palette: Palette;
}
