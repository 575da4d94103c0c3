import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_PHONE, listFiles } from '../../../test/harness.js';
import { makeClip, mediaEnv } from '../../../test/media-kit.js';

const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist/main.js');

/** A tiny HTTP client with cookies and the CSRF header, for a server running as a real process. */
class ProcessClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async call(method: string, url: string, body?: BodyInit, type?: string): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    if (type) headers['content-type'] = type;
    const response = await fetch(`${this.base}${url}`, { method, headers, ...(body ? { body } : {}) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      this.cookies.set(name!, value ?? '');
    }
    return response;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function ffmpegChildren(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), 'ffmpeg'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe('kill -9 during a transcode', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-kill-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [mainJs], {
      env: {
        ...process.env,
        ...mediaEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(workDir, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ADMIN_PHONE,
        ADMIN_PASSWORD,
      },
      stdio: 'ignore',
    });
    children.push(child);
    await until(
      'the server',
      async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined),
      60_000,
    );
    return child;
  }

  it('takes the job up again at the next start and finishes it, leaving no ffmpeg behind', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const admin = new ProcessClient(base);
    await admin.call('GET', '/api/csrf');
    const signIn = await admin.call(
      'POST',
      '/api/user/login',
      JSON.stringify({ phone_number: ADMIN_PHONE, password: ADMIN_PASSWORD }),
      'application/json',
    );
    expect(signIn.status).toBe(200);
    const movie = (await (await admin.call('POST', '/api/movie/create')).json()) as { movie_id: number };

    // Long enough that the transcode is still running when the process is killed.
    const clip = await makeClip(path.join(workDir, 'clips'), 'kill', {
      seconds: 6,
      width: 1280,
      height: 720,
      pattern: 'color',
    });
    const form = new FormData();
    form.set('movie_id', String(movie.movie_id));
    form.set('file', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'kill.mp4');
    expect((await admin.call('POST', '/api/movie/add', form)).status).toBe(200);

    await until(
      'ffmpeg to run',
      async () => (ffmpegChildren(first.pid!).length > 0 ? true : undefined),
      30_000,
    );
    // While ffmpeg writes, nothing of the ladder is playable or even in the media folder.
    const hlsFiles = () => listFiles(path.join(workDir, 'data', 'media')).filter((f) => f.startsWith('hls/'));
    const during = await admin.call('GET', `/api/stream/${movie.movie_id}/master.m3u8`);
    expect(during.status).toBe(409);
    expect(hlsFiles()).toEqual([]);
    const orphans = ffmpegChildren(first.pid!);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('exit', resolve));
    // The killed server's ffmpeg dies with it: its output pipe is gone.
    await until(
      'the orphaned ffmpeg to exit',
      async () => (orphans.every((pid) => !fs.existsSync(`/proc/${pid}`)) ? true : undefined),
      30_000,
    );

    // The half-written ladder stays in the working folder, never under the media root.
    expect(hlsFiles()).toEqual([]);
    const second = await startServer(port);
    const again = new ProcessClient(base);
    await again.call('GET', '/api/csrf');
    await again.call(
      'POST',
      '/api/user/login',
      JSON.stringify({ phone_number: ADMIN_PHONE, password: ADMIN_PASSWORD }),
      'application/json',
    );
    // The admin previews it through a playback session, as the player does, kept alive while the job runs.
    const started = await again.call(
      'POST',
      '/api/playback/start',
      JSON.stringify({ movie_id: movie.movie_id }),
      'application/json',
    );
    expect(started.status).toBe(200);
    const { playback_id: playback } = (await started.json()) as { playback_id: string };
    const masterUrl = `/api/stream/${movie.movie_id}/master.m3u8?playback=${playback}`;
    let heardAt = Date.now();
    // The job is taken up again by a new ffmpeg, and until it is done the video is not served.
    const rerun = new Set<number>();
    const servedUnfinished: number[] = [];
    const finished = await until(
      'the transcode to finish',
      async () => {
        for (const pid of ffmpegChildren(second.pid!)) rerun.add(pid);
        if (Date.now() - heardAt > 20_000) {
          heardAt = Date.now();
          await again.call('POST', `/api/playback/${playback}/heartbeat`);
        }
        const served = (await again.call('GET', masterUrl)).status;
        const record = (await (await again.call('GET', `/api/movie/${movie.movie_id}`)).json()) as {
          status: string;
          quality: string | null;
        };
        if (record.status === 'failed') return record;
        const done = record.status === 'ready' || record.status === 'published';
        // Asked before the record: a ladder served then is finished by the time the record is read.
        if (!done && served !== 409) servedUnfinished.push(served);
        return done ? record : undefined;
      },
      120_000,
    );
    expect(finished.status).not.toBe('failed');
    expect(finished.quality).toBe('HD');
    expect(servedUnfinished).toEqual([]);
    expect(rerun.size).toBeGreaterThan(0);
    expect(rerun).not.toEqual(new Set(orphans));
    // The finished job's ffmpeg has exited: nothing is left running.
    await until(
      'the second ffmpeg to exit',
      async () => ([...rerun].every((pid) => !fs.existsSync(`/proc/${pid}`)) ? true : undefined),
      10_000,
    );
    expect(ffmpegChildren(second.pid!)).toEqual([]);
    // Every rendition served now is whole: each segment its playlist lists is there, in full.
    const master = await again.call('GET', masterUrl);
    expect(master.status).toBe(200);
    const variants = (await master.text()).split('\n').filter((line) => line.startsWith('/api/stream/s/'));
    expect(variants.length).toBeGreaterThan(1);
    for (const variant of variants) {
      const playlist = await (await again.call('GET', variant)).text();
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlist.split('\n').filter((line) => line.startsWith('/api/stream/s/'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) {
        const response = await again.call('GET', segment);
        expect(response.status, segment).toBe(200);
        expect((await response.arrayBuffer()).byteLength).toBe(
          Number(response.headers.get('content-length')),
        );
      }
    }
    expect(
      fs.readdirSync(path.join(workDir, 'data', 'tmp')).filter((f) => f.startsWith('transcode-')),
    ).toEqual([]);
    second.kill('SIGTERM');
    await new Promise((resolve) => second.on('exit', resolve));
  }, 240_000);
});
