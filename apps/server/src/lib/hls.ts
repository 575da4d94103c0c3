/** Pure HLS playlist helpers: write and read the variant playlists, write the master, sign URIs. */

/** The files of a rendition's folder, as the packager writes them and the stream addresses ask for them. */
export const VARIANT_PLAYLIST = 'index.m3u8';
export const INIT_SEGMENT = 'init.mp4';
export const segmentName = (index: number) => `seg_${String(index).padStart(5, '0')}.m4s`;
/** The folder of one channel layout of an audio track (`2ch`, `6ch`), under the track's folder. */
export const audioLayoutDir = (channels: number) => `${channels}ch`;
/** A subtitle track's one file; its playlist is a `VARIANT_PLAYLIST` too, written on request. */
export const SUBTITLE_FILE = 'subtitles.vtt';
/** Every file name a stream address may name (the names above). */
export const STREAM_FILE = /^(index\.m3u8|init\.mp4|seg_\d{5,6}\.m4s|subtitles\.vtt)$/;

export interface StoredRendition {
  height: number;
  width: number;
  /** Peak segment bitrate, bits per second. */
  bandwidth: number;
  average_bandwidth: number;
  codecs: string;
  frame_rate: number;
}

/** One channel layout of an audio track, as its folder `<channels>ch` holds it. */
export interface StoredAudioRendition {
  channels: number;
  bandwidth: number;
  average_bandwidth: number;
  codecs: string;
}

export interface VariantSegment {
  duration: number;
  uri: string;
}

export interface VariantPlaylist {
  initUri: string | undefined;
  segments: VariantSegment[];
}

export function parseVariantPlaylist(text: string): VariantPlaylist {
  const segments: VariantSegment[] = [];
  let initUri: string | undefined;
  let nextDuration: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) {
      initUri = /URI="([^"]+)"/.exec(line)?.[1];
    } else if (line.startsWith('#EXTINF:')) {
      nextDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line && !line.startsWith('#') && nextDuration !== undefined) {
      segments.push({ duration: nextDuration, uri: line });
      nextDuration = undefined;
    }
  }
  return { initUri, segments };
}

/** A VOD variant playlist of fMP4 segments (durations in seconds, the target rounded up as HLS requires). */
export function variantPlaylist(initUri: string, segments: readonly VariantSegment[]): string {
  const target = Math.max(1, ...segments.map((segment) => Math.ceil(segment.duration - 1e-3)));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${initUri}"`,
    ...segments.flatMap((segment) => [`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** Peak and average bits per second of a rendition from its segment durations and sizes (init counted once). */
export function renditionBandwidth(
  playlist: VariantPlaylist,
  sizeOf: (uri: string) => number,
): { bandwidth: number; average: number } {
  let peak = 0;
  let totalBytes = playlist.initUri ? sizeOf(playlist.initUri) : 0;
  let totalSeconds = 0;
  for (const segment of playlist.segments) {
    const bytes = sizeOf(segment.uri);
    totalBytes += bytes;
    totalSeconds += segment.duration;
    // Very short tail segments overstate the rate; judge each over at least one second.
    peak = Math.max(peak, (bytes * 8) / Math.max(segment.duration, 1));
  }
  const average = totalSeconds > 0 ? (totalBytes * 8) / totalSeconds : 0;
  return { bandwidth: Math.ceil(Math.max(peak, average)), average: Math.ceil(average) };
}

export interface MasterSubtitle {
  language: string;
  label: string;
  uri: string;
}

/** One audio rendition of the master playlist: a track in one channel layout. */
export interface MasterAudio {
  language: string;
  name: string;
  channels: number;
  isDefault: boolean;
  uri: string;
  rendition: StoredAudioRendition;
}

const quoted = (value: string) => value.replace(/["\r\n]/g, '');

/**
 * The master playlist: the audio renditions (alternate audio, group `audio`), the subtitle renditions and one
 * EXT-X-STREAM-INF per allowed video rendition (best first), its bandwidth counting the dearest audio.
 */
export function masterPlaylist(
  renditions: { rendition: StoredRendition; uri: string }[],
  subtitles: MasterSubtitle[],
  audio: MasterAudio[] = [],
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const track of audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="${quoted(track.name)}",LANGUAGE="${quoted(track.language)}",DEFAULT=${track.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="${track.channels}",URI="${quoted(track.uri)}"`,
    );
  }
  const audioBandwidth = Math.max(0, ...audio.map((track) => track.rendition.bandwidth));
  const audioAverage = Math.max(0, ...audio.map((track) => track.rendition.average_bandwidth));
  const audioCodecs = [...new Set(audio.map((track) => track.rendition.codecs))];
  for (const subtitle of subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${quoted(subtitle.label)}",LANGUAGE="${quoted(subtitle.language)}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${quoted(subtitle.uri)}"`,
    );
  }
  const sorted = [...renditions].sort((a, b) => b.rendition.height - a.rendition.height);
  for (const { rendition, uri } of sorted) {
    const attributes = [
      `BANDWIDTH=${rendition.bandwidth + audioBandwidth}`,
      `AVERAGE-BANDWIDTH=${rendition.average_bandwidth + audioAverage}`,
      `RESOLUTION=${rendition.width}x${rendition.height}`,
      `CODECS="${quoted([rendition.codecs, ...audioCodecs].join(','))}"`,
    ];
    if (rendition.frame_rate > 0) attributes.push(`FRAME-RATE=${rendition.frame_rate.toFixed(3)}`);
    if (audio.length > 0) attributes.push('AUDIO="audio"');
    if (subtitles.length > 0) attributes.push('SUBTITLES="subs"');
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, uri);
  }
  return `${lines.join('\n')}\n`;
}

/** Rewrites a variant playlist's init and segment URIs (e.g. into signed addresses). */
export function rewriteVariant(text: string, urlFor: (uri: string) => string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith('#EXT-X-MAP:'))
        return line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${urlFor(uri)}"`);
      if (line && !line.startsWith('#')) return urlFor(line.trim());
      return line;
    })
    .join('\n');
}

/** A one-cue media playlist wrapping a WebVTT file, as HLS subtitle renditions need. */
export function subtitlePlaylist(durationSeconds: number, vttUri: string): string {
  const duration = Math.max(1, Math.ceil(durationSeconds));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${duration}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration}.000,`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}
