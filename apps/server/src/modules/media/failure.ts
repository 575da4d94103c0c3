/**
 * Why a media job or upload check failed, in words an admin can act on. `detail` (ffmpeg's own lines, which name
 * server paths and codecs' internals) goes to the server log with the job id, never to a client.
 */
export class MediaFailure extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'MediaFailure';
  }
}

/** The reasons an admin sees. */
export const MEDIA_REASONS = {
  notReadable: 'This is not a video file we can read',
  noVideo: 'The file has no video stream',
  noAudio: 'The file has no sound',
  endsEarly: 'The file ends early: it may not have finished uploading',
  damaged: 'The video data is damaged and could not be decoded',
  codec: 'The video is in a format we cannot decode',
  diskFull: 'The server ran out of disk space while converting the video',
  stalled: 'The conversion stopped making progress',
  notStarted: 'The video converter could not be started on the server',
  failed: 'The video could not be converted',
} as const;

/**
 * ffmpeg's and ffprobe's messages, most telling first (a truncated MP4 also says "Invalid data found", so the end
 * of the file is looked for before the data). Matched on the lines ffmpeg wrote, never shown.
 */
const EXPLANATIONS: readonly [RegExp, string][] = [
  [/No space left on device/i, MEDIA_REASONS.diskFull],
  [
    /\bpartial file\b|\bEnd of file\b|ended prematurely|\btruncat|stream ends|unexpected end|premature end/i,
    MEDIA_REASONS.endsEarly,
  ],
  [/does not contain any stream|matches no streams|\bno video stream/i, MEDIA_REASONS.noVideo],
  [
    /Decoder \([^)]*\) not found|\bDecoding requested\b|Unsupported codec|unknown codec|\bno decoder\b/i,
    MEDIA_REASONS.codec,
  ],
  [
    /Error while decoding|Invalid NAL unit|error while decoding MB|\bconcealing\b|corrupt|non-existing PPS|no frame!/i,
    MEDIA_REASONS.damaged,
  ],
  [
    /Invalid data found when processing input|could not find codec parameters|Unknown input format/i,
    MEDIA_REASONS.notReadable,
  ],
];

/** The admin's reason for what ffmpeg wrote to stderr when it failed. */
export function explainFfmpegOutput(stderr: string): string {
  for (const [pattern, reason] of EXPLANATIONS) if (pattern.test(stderr)) return reason;
  return MEDIA_REASONS.failed;
}

/**
 * The admin's reason when ffprobe cannot open a file. An MP4 whose header (`ftyp`) is there but whose index
 * (`moov`, written last by most encoders) is not was cut short; a file with no such header is no MP4 at all.
 */
export function explainProbeOutput(stderr: string, head: Buffer): string {
  const mp4Header = head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp';
  if (/moov atom not found/i.test(stderr))
    return mp4Header ? MEDIA_REASONS.endsEarly : MEDIA_REASONS.notReadable;
  return explainFfmpegOutput(stderr);
}
