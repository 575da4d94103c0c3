import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTranscode, transcodeArgs } from '../../modules/media/ffmpeg/ladder.js';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../harness.js';
import { binaries, makeClip, tusUpload, waitForJobs } from '../media-kit.js';

const MARK = 'pwn3d';
const HOSTILE = [
  `$(touch ${MARK}-a).mp4`,
  `\`touch ${MARK}-b\`.mp4`,
  `;touch ${MARK}-c;.mp4`,
  `-vf drawtext=text=${MARK}-d.mp4`,
  `|${MARK}-e|.mp4`,
];

/**
 * ffmpeg and ffprobe replaced by wrappers that record every argument they are started with, then run the real
 * binaries: titles, descriptions and file names a client sends must never reach a command line.
 */
describe('nothing a client sends reaches an ffmpeg command line', () => {
  let t: TestApp;
  let admin: TestClient;
  let workDir: string;
  let log: string;
  let clip: Buffer;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-argv-'));
    log = path.join(workDir, 'argv.log');
    const { ffmpeg, ffprobe } = await binaries();
    const wrap = (name: string, real: string) => {
      const file = path.join(workDir, name);
      // One record per start: the arguments separated by NUL, ended by a line feed.
      fs.writeFileSync(
        file,
        `#!/bin/sh\nprintf '%s\\0' "$@" >> '${log}'\nprintf '\\n' >> '${log}'\nexec '${real}' "$@"\n`,
      );
      fs.chmodSync(file, 0o755);
      return file;
    };
    const env = {
      FFMPEG_PATH: wrap('ffmpeg', ffmpeg.path),
      FFPROBE_PATH: wrap('ffprobe', ffprobe.path),
      WORKER_POLL_MS: '50',
    };
    t = await createTestApp(env);
    admin = await signedInAdmin(t.app);
    clip = await makeClip(path.join(workDir, 'clips'), 'argv', { seconds: 1, width: 160, height: 90 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  function recordedArgs(): string[][] {
    if (!fs.existsSync(log)) return [];
    return fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\0').filter(Boolean));
  }

  it('probes and transcodes uploads with hostile titles, descriptions and file names through fixed arguments', async () => {
    for (const [index, name] of HOSTILE.entries()) {
      const { movie_id } = (await admin.post('/api/movie/create')).json();
      const details = await admin.post('/api/movie/details', {
        movie_id,
        title: name,
        description: `"; rm -rf / ; ${MARK} -i /etc/passwd`,
        tags: [`-f ${MARK}`],
        status: 'draft',
      });
      expect(details.statusCode, details.body).toBe(200);
      if (index % 2 === 0) {
        const form = await admin.postForm('/api/movie/add', {
          movie_id: String(movie_id),
          file: { filename: name, contentType: 'video/mp4', data: clip },
        });
        expect(form.statusCode, form.body).toBe(200);
      } else {
        const { last } = await tusUpload(admin, clip, {
          movie_id: String(movie_id),
          kind: 'video',
          filename: name,
        });
        expect(last?.statusCode, last?.body).toBe(204);
      }
    }
    await waitForJobs(t.app, 90_000);
    const calls = recordedArgs();
    expect(calls.length).toBeGreaterThanOrEqual(HOSTILE.length * 2);
    const everything = calls.flat();
    for (const arg of everything) {
      expect(arg).not.toContain(MARK);
      expect(arg).not.toContain('passwd');
    }
    // Inputs are always the server's own files, named by the server.
    const inputs = calls.flatMap((args) => args.filter((_, i) => args[i - 1] === '-i'));
    expect(inputs.length).toBeGreaterThanOrEqual(HOSTILE.length);
    for (const input of inputs) {
      if (input.startsWith('lavfi') || !input.includes('/')) continue;
      expect(path.resolve(input).startsWith(t.dataDir), input).toBe(true);
      expect(path.basename(input)).toMatch(/^[\w.-]+$/);
    }
    for (const dir of ['/tmp', process.cwd(), t.dataDir])
      expect(fs.readdirSync(dir).filter((f) => f.startsWith(MARK))).toEqual([]);
    const ready = await t.app.container.database.db
      .selectFrom('media_assets')
      .select(['status', 'original_name'])
      .execute();
    expect(ready.map((r) => r.status)).toEqual(HOSTILE.map(() => 'ready'));
    // The names are kept as labels only.
    expect(ready.map((r) => r.original_name).sort()).toEqual([...HOSTILE].sort());
  });

  it('keeps a hostile input path one argument: the builder never splits or quotes it', () => {
    const input = `/data/sources/a b;$(x) "-f".mp4`;
    const source = { width: 320, height: 180, fps: 25, audioChannels: [2], duration: 2 };
    const args = transcodeArgs(input, planTranscode(source));
    expect(args.filter((a) => a === input)).toHaveLength(1);
    expect(args[args.indexOf(input) - 1]).toBe('-i');
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
  });
});
