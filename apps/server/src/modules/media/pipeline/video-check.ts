import { fileTypeFromFile } from 'file-type';
import { unsupportedType } from '../../../lib/errors.js';
import { MEDIA_REASONS, MediaFailure } from '../failure.js';
import type { ProbeResult } from '../ffmpeg/probe.js';
import type { MediaTools } from '../ffmpeg/tools.js';

/** Containers we accept, by the type found in the file's bytes, with the extension we store them under. */
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/matroska': 'mkv',
  'video/webm': 'webm',
};

export interface CheckedVideo {
  extension: string;
  probe: ProbeResult;
}

/** Checks an uploaded video by content (MP4, MOV, MKV, WebM) and by ffprobe finding a video stream; 415 otherwise. */
export async function checkVideoFile(tools: MediaTools, file: string, field = 'file'): Promise<CheckedVideo> {
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  const extension = detected ? VIDEO_TYPES[detected.mime] : undefined;
  if (!extension) {
    throw unsupportedType('The file is not an MP4, MOV, MKV or WebM video', {
      [field]: 'Choose an MP4, MOV, MKV or WebM video',
    });
  }
  let probe: ProbeResult;
  try {
    probe = await tools.probe(file);
  } catch (error) {
    const reason = error instanceof MediaFailure ? error.message : MEDIA_REASONS.notReadable;
    throw unsupportedType(reason, { [field]: reason });
  }
  if (!probe.video || probe.video.width <= 0 || probe.video.height <= 0) {
    throw unsupportedType(MEDIA_REASONS.noVideo, { [field]: 'The file has no picture' });
  }
  return { extension, probe };
}
