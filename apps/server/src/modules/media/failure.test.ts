import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeAudioOnlyClip, makeCorruptClip, makeTruncatedClip, mediaEnv } from '../../test/media-kit.js';
import { explainFfmpegOutput, MEDIA_REASONS, MediaFailure } from './failure.js';
import { MediaTools } from './ffmpeg/tools.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-bad-media-'));
const env = mediaEnv();
const tools = new MediaTools(env.FFMPEG_PATH, env.FFPROBE_PATH);

/** Runs the whole transcode on `data` and answers how it failed. */
async function failureOf(name: string, data: Buffer): Promise<MediaFailure> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  const error = await tools
    .transcode(file, path.join(dir, `work-${name}`), 'alternate', () => {}, new AbortController().signal)
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error, name).toBeInstanceOf(MediaFailure);
  return error as MediaFailure;
}

/** A reason an admin can read: none of ffmpeg's lines, no path of ours. */
function expectReadable(failure: MediaFailure) {
  expect(failure.message).not.toMatch(/\/|@ 0x|\[(mov|h264|aac)|moov|NAL|stream #/i);
}

/** Real ffmpeg and ffprobe on tiny bad inputs: a reason in words for the admin, ffmpeg's own lines as the detail. */
describe('why a transcode failed', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('says a text file is not a video it can read', async () => {
    for (const [name, data] of [
      ['notes.mp4', Buffer.from('These are my notes, not a film.\n')],
      ['empty.mp4', Buffer.alloc(0)],
    ] as const) {
      const failure = await failureOf(name, data);
      expect(failure.message, name).toBe(MEDIA_REASONS.notReadable);
      expectReadable(failure);
      // The detail keeps what ffprobe said, path and all, for the log.
      expect(failure.detail).toContain('Invalid data found when processing input');
      expect(failure.detail).toContain(dir);
    }
  });

  it('says a file with sound only has no video stream', async () => {
    const failure = await failureOf('sound.mp4', await makeAudioOnlyClip(dir, 'sound-source'));
    expect(failure.message).toBe(MEDIA_REASONS.noVideo);
  });

  it('says a file cut short ends early, whether or not its index survived', async () => {
    const lost = await failureOf('cut.mov', await makeTruncatedClip(dir, 'cut-source', false));
    expect(lost.message).toBe(MEDIA_REASONS.endsEarly);
    expect(lost.detail).toContain('moov atom not found');
    expectReadable(lost);
    const kept = await failureOf('cut.mp4', await makeTruncatedClip(dir, 'cut-fast-source', true));
    expect(kept.message).toMatch(/^The file ends early: the picture stops after \d+\.\d s of 2\.0 s$/);
    expect(kept.detail).toMatch(/rendition covers/);
  });

  it('says damaged picture data could not be decoded', async () => {
    const failure = await failureOf('damaged.mp4', await makeCorruptClip(dir));
    expect(failure.message).toBe(MEDIA_REASONS.damaged);
    expectReadable(failure);
    expect(failure.detail).toMatch(/decoding|Invalid/);
  });

  it('reads the other messages ffmpeg writes', () => {
    expect(explainFfmpegOutput('av_interleaved_write_frame(): No space left on device')).toBe(
      MEDIA_REASONS.diskFull,
    );
    expect(explainFfmpegOutput('Decoder (codec hevc) not found for input stream #0:0')).toBe(
      MEDIA_REASONS.codec,
    );
    expect(explainFfmpegOutput('Output file #0 does not contain any stream')).toBe(MEDIA_REASONS.noVideo);
    expect(explainFfmpegOutput('[mov @ 0x1] stream 0, offset 0x30: partial file')).toBe(
      MEDIA_REASONS.endsEarly,
    );
    expect(explainFfmpegOutput('something nobody has seen')).toBe(MEDIA_REASONS.failed);
  });
});
