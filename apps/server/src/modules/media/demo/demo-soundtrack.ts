/**
 * The demo films' music, synthesised by ffmpeg's own audio sources: chords on a detuned pad, a pulsing bass and
 * a plucked arpeggio (one aevalsrc expression), with echo, a low-pass and an ambience of shaped noise.
 */

export interface Soundtrack {
  /** Chord roots in semitones from `baseHz`, one per bar, looped. */
  roots: number[];
  /** Per chord: 3 (minor) or 4 (major) semitones to its third. */
  thirds: number[];
  baseHz: number;
  barSeconds: number;
  /** Arpeggio notes per second (0: none) and how fast each note dies away. */
  notesPerSecond: number;
  pluckDecay: number;
  /** Bass pulses per bar. */
  pulses: number;
  /** The mix's low-pass, in Hz: darker moods keep it low. */
  brightness: number;
  ambience: 'rain' | 'wind' | 'hum' | 'none';
}

/** A number for an ffmpeg argument: at most three decimals. */
export const f3 = (value: number) => String(Math.round(value * 1000) / 1000);

/** Semitones to a frequency factor, as an ffmpeg expression. */
const table = (values: number[], at: string) =>
  values
    .slice(0, -1)
    .reduceRight((rest, value, i) => `if(eq(${at},${i}),${value},${rest})`, String(values.at(-1) ?? 0));

/**
 * The music as one aevalsrc expression: a detuned pad on each bar's chord swelling in and out, a bass note
 * pulsing on the root and a plucked arpeggio over the chord, each note with a short attack (no clicks).
 * Registers: st(0) bar, st(1) place in the bar, st(2) root Hz, st(3) third, st(4) arpeggio note Hz, st(5) its age.
 */
export function musicExpression(music: Soundtrack): string {
  const bars = music.roots.length;
  const bar = f3(music.barSeconds);
  const steps = [0, 'ld(3)', 7, 12, 'ld(3)+12', 7];
  const arp = music.notesPerSecond > 0;
  const noteLength = arp ? f3(1 / music.notesPerSecond) : '1';
  const pulse = f3(music.barSeconds / Math.max(1, music.pulses));
  const lines = [
    `st(0,mod(floor(t/${bar}),${bars}))`,
    `st(1,mod(t,${bar})/${bar})`,
    `st(2,${f3(music.baseHz)}*pow(2,(${table(music.roots, 'ld(0)')})/12))`,
    `st(3,${table(music.thirds, 'ld(0)')})`,
    `st(4,ld(2)*4*pow(2,(${steps.slice(0, -1).reduceRight((rest, step, i) => `if(eq(mod(floor(t/${noteLength}),${steps.length}),${i}),${step},${rest})`, String(steps.at(-1)))})/12))`,
    `st(5,mod(t,${noteLength}))`,
    [
      `0.11*pow(sin(PI*ld(1)),1.5)*(sin(2*PI*t*ld(2)*2)+sin(2*PI*t*ld(2)*2.007)+0.8*sin(2*PI*t*ld(2)*2*pow(2,ld(3)/12))+0.7*sin(2*PI*t*ld(2)*3)+0.3*sin(2*PI*t*ld(2)*4.01))`,
      `0.2*min(1,mod(t,${pulse})*60)*exp(-3*mod(t,${pulse}))*sin(2*PI*t*ld(2))`,
      arp
        ? `0.075*min(1,ld(5)*150)*exp(-${f3(music.pluckDecay)}*ld(5))*(sin(2*PI*t*ld(4))+0.35*sin(4*PI*t*ld(4)))`
        : '0',
    ].join('+'),
  ];
  return lines.join(';');
}

const AMBIENCE: Record<Soundtrack['ambience'], string | undefined> = {
  rain: 'anoisesrc=color=pink:amplitude=0.5:r=22050,highpass=f=500,lowpass=f=6000,volume=0.16',
  wind: "anoisesrc=color=brown:amplitude=0.7:r=22050,lowpass=f=700,volume='0.35+0.25*sin(t*0.4)':eval=frame",
  hum: "anoisesrc=color=brown:amplitude=0.6:r=22050,lowpass=f=180,volume='0.5+0.2*sin(t*0.25)':eval=frame",
  none: undefined,
};

/** The soundtrack's lavfi graph (its own input, so ffmpeg makes it in a thread beside the picture's). */
export function soundtrackGraph(music: Soundtrack, seconds: number): string {
  const d = f3(seconds);
  const fadeOut = f3(Math.max(0, seconds - Math.min(3, seconds / 4)));
  const score = `aevalsrc='${musicExpression(music)}':s=22050:d=${d},lowpass=f=${Math.round(music.brightness)},aecho=0.8:0.55:290|730:0.28|0.17`;
  const ambience = AMBIENCE[music.ambience];
  const mixed = ambience
    ? `${score}[m];${ambience},atrim=duration=${d}[n];[m][n]amix=inputs=2:duration=first,volume=2`
    : score;
  // About -20 dB on average, peaks near -6 dB: as loud as a service's films, never clipping.
  return `${mixed},volume=1.8,afade=t=in:d=${f3(Math.min(2, seconds / 4))},afade=t=out:st=${fadeOut}:d=${f3(Math.min(3, seconds / 4))},aecho=1:1:12:0.6,pan=stereo|c0=c0|c1=0.85*c0,aresample=48000`;
}

/** A short swell under a title card: the film's first chord, rising and falling away. */
export function stingGraph(music: Soundtrack, seconds: number): string {
  const root = music.baseHz * 2 ** ((music.roots[0] ?? 0) / 12) * 2;
  const third = root * 2 ** ((music.thirds[0] ?? 4) / 12);
  const d = f3(seconds);
  return `aevalsrc='0.16*pow(sin(PI*t/${d}),2)*(sin(2*PI*t*${f3(root)})+sin(2*PI*t*${f3(root * 1.004)})+0.8*sin(2*PI*t*${f3(third)})+0.6*sin(2*PI*t*${f3(root * 1.5)}))':s=22050:d=${d},lowpass=f=2500,aecho=0.8:0.6:400:0.3,pan=stereo|c0=c0|c1=c0,aresample=48000`;
}
