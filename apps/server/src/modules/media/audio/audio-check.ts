import { AUDIO_DURATION_TOLERANCE_SECONDS } from '@salomtv/contract';
import { fileTypeFromFile } from 'file-type';
import { unsupportedType } from '../../../lib/errors.js';
import { MEDIA_REASONS, MediaFailure } from '../failure.js';
import type { ProbeResult } from '../ffmpeg/probe.js';
import type { MediaTools } from '../ffmpeg/tools.js';

/** Audio files we accept, by the type found in their bytes (an MP4 holding sound only is an M4A). */
const AUDIO_TYPES: Record<string, string> = {
  'audio/x-m4a': 'm4a',
  'audio/mp4': 'm4a',
  'video/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/aac': 'aac',
};
const CHOOSE = 'Choose an M4A, MP3, WAV, FLAC or AAC audio file';

export interface CheckedAudio {
  extension: string;
  probe: ProbeResult;
}

/** Checks an uploaded audio track by content and by ffprobe finding sound (and no picture but cover art). */
export async function checkAudioFile(tools: MediaTools, file: string, field = 'file'): Promise<CheckedAudio> {
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  const extension = detected ? AUDIO_TYPES[detected.mime] : undefined;
  if (!extension) throw unsupportedType('The file is not an audio file we take', { [field]: CHOOSE });
  let probe: ProbeResult;
  try {
    probe = await tools.probe(file);
  } catch (error) {
    const reason = error instanceof MediaFailure ? error.message : MEDIA_REASONS.notReadable;
    throw unsupportedType(reason, { [field]: CHOOSE });
  }
  if (probe.video) throw unsupportedType('The file holds a video', { [field]: CHOOSE });
  if (!probe.audio) throw unsupportedType(MEDIA_REASONS.noAudio, { [field]: MEDIA_REASONS.noAudio });
  return { extension, probe };
}

/** Why a sound does not fit its video's length (they must match within the tolerance); undefined when it fits. */
export function lengthMismatch(soundSeconds: number, videoSeconds: number): string | undefined {
  if (Math.abs(soundSeconds - videoSeconds) <= AUDIO_DURATION_TOLERANCE_SECONDS) return undefined;
  return `The sound lasts ${soundSeconds.toFixed(1)} s and the video ${videoSeconds.toFixed(1)} s: they must match within ${AUDIO_DURATION_TOLERANCE_SECONDS} s`;
}
