import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../../test/harness.js';
import {
  makeAudioOnlyClip,
  makeCorruptClip,
  makeTruncatedClip,
  mediaEnv,
  waitForJobs,
} from '../../../test/media-kit.js';

/** Nothing of ffmpeg's own output and no server path. */
const RAW = /\/tmp\/|\/work\/|data\/|sources\/|@ 0x|\[(mov|h264|aac)|moov|NAL|stream #\d|\.js:\d/i;

/**
 * Bad videos sent through the upload API: the admin reads why they fail (at the upload, or on the title and the
 * job once the transcode fails), in words; ffmpeg's raw lines go to the server log under the job's id.
 */
describe('a video that cannot be transcoded', () => {
  let t: TestApp;
  let admin: TestClient;
  let clips: string;
  let stdout: MockInstance<typeof process.stdout.write>;
  const logged: string[] = [];
  beforeAll(async () => {
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      logged.push(String(chunk));
      return true;
    });
    t = await createTestApp({
      ...mediaEnv(),
      LOG_LEVEL: 'warn',
      WORKER_POLL_MS: '50',
      JOB_RETRY_BASE_SECONDS: '0',
      JOB_MAX_ATTEMPTS: '1',
    });
    admin = await signedInAdmin(t.app);
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-bad-uploads-'));
  });
  afterAll(async () => {
    await t.close();
    stdout.mockRestore();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  const upload = async (name: string, data: Buffer) => {
    const movie = (await admin.post('/api/movie/create')).json();
    const response = await admin.postForm('/api/movie/add', {
      movie_id: String(movie.movie_id),
      file: { filename: name, contentType: 'video/mp4', data },
    });
    return { movieId: movie.movie_id as number, response };
  };

  it('refuses at the upload a text file, a file with sound only and one whose index was cut off', async () => {
    const cases = [
      ['notes.mp4', Buffer.from('not a film at all\n'), 'The file is not an MP4, MOV, MKV or WebM video'],
      ['sound.mp4', await makeAudioOnlyClip(clips, 'sound'), 'The file has no video stream'],
      [
        'cut.mov',
        await makeTruncatedClip(clips, 'cut', false),
        'The file ends early: it may not have finished uploading',
      ],
    ] as const;
    for (const [name, data, message] of cases) {
      const { movieId, response } = await upload(name, data);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error.message, name).toBe(message);
      expect(response.body, name).not.toMatch(RAW);
      expect((await admin.get(`/api/movie/${movieId}`)).json().video, name).toBeNull();
    }
  });

  it('shows the admin why the transcode failed, on the title and the job, and logs ffmpeg’s lines with the job id', async () => {
    const cases = [
      [
        'short.mp4',
        await makeTruncatedClip(clips, 'short', true),
        /^The file ends early: the picture stops after/,
      ],
      ['damaged.mp4', await makeCorruptClip(clips), /^The video data is damaged and could not be decoded$/],
    ] as const;
    for (const [name, data, reason] of cases) {
      const { movieId, response } = await upload(name, data);
      expect(response.statusCode, name).toBe(200);
      await waitForJobs(t.app);

      const title = (await admin.get(`/api/movie/${movieId}`)).json();
      expect(title.status, name).toBe('failed');
      expect(title.failure_reason, name).toMatch(new RegExp(`^Video: ${reason.source.slice(1)}`));
      expect(title.video.error, name).toMatch(reason);
      const jobs = (await admin.get('/api/admin/dashboard/jobs')).json().items as {
        job_id: number;
        movie_id: number;
        error: string | null;
      }[];
      const job = jobs.find((item) => item.movie_id === movieId)!;
      expect(job.error, name).toMatch(reason);
      for (const text of [title.failure_reason, title.video.error, job.error])
        expect(text, name).not.toMatch(RAW);

      // The server log has the raw cause, under the job's id.
      const line = logged
        .flatMap((chunk) => chunk.split('\n'))
        .filter(Boolean)
        .map((text) => JSON.parse(text) as { msg?: string; jobId?: number; detail?: string; reason?: string })
        .find((entry) => entry.msg === 'job failed' && entry.jobId === job.job_id);
      expect(line, name).toBeDefined();
      expect(line!.reason).toMatch(reason);
      expect(line!.detail, name).toMatch(/rendition covers|decoding|Invalid/);
    }
  });
});
