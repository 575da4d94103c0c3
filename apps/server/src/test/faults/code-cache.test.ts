import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, ProcessClient, ServerFixture, serverBundle } from './server-process.js';

/**
 * `npm start` runs the server bundle through scripts/run-server-bundle.cjs, which keeps V8's compiled code
 * between starts. Whatever happens to that cache, the server starts and answers; a good cache is used as it
 * is, a bad one is written again, one of an earlier bundle is removed.
 */
describe('the server bundle and its code cache', () => {
  const fixture = new ServerFixture();
  const cacheDir = path.join(fixture.workDir, 'code-cache');
  fs.mkdirSync(cacheDir);
  const env = { SERVER_CODE_CACHE_DIR: cacheDir, WORKER_IN_PROCESS: 'false' };
  afterAll(() => fixture.stop());

  const cacheFiles = () => fs.readdirSync(cacheDir).filter((name) => name.endsWith('.cache'));
  const startAndStop = async (extraEnv: Record<string, string> = {}) => {
    const server = await fixture.start({ ...env, ...extraEnv });
    const client = new ProcessClient(fixture.base);
    // A call that loads a package left out of the bundle (argon2, required at first use).
    await client.signIn();
    expect((await client.json('GET', '/api/user/profile')).status).toBe(200);
    server.kill('SIGTERM');
    expect(await exited(server)).toEqual({ code: 0, signal: null });
  };

  it('writes the cache at the first start, then starts from it without writing it again', async () => {
    // A cache of an earlier bundle of the same name: never to be used again, so removed.
    fs.writeFileSync(path.join(cacheDir, `${path.basename(serverBundle)}.1234-5678.cache`), 'old');
    await startAndStop();
    const [name] = cacheFiles();
    expect(cacheFiles()).toHaveLength(1);
    expect(name).toBe(
      `${path.basename(serverBundle)}.${fs.statSync(serverBundle).size}-${Math.trunc(fs.statSync(serverBundle).mtimeMs)}.cache`,
    );
    const written = fs.readFileSync(path.join(cacheDir, name!));
    expect(written.length).toBeGreaterThan(100_000);
    const writtenAt = fs.statSync(path.join(cacheDir, name!)).mtimeMs;

    await startAndStop();
    expect(cacheFiles()).toEqual([name]);
    expect(fs.statSync(path.join(cacheDir, name!)).mtimeMs).toBe(writtenAt);
    expect(fs.readFileSync(path.join(cacheDir, name!)).equals(written)).toBe(true);
  });

  it('starts on a damaged cache and writes a good one in its place', async () => {
    const [name] = cacheFiles();
    const file = path.join(cacheDir, name!);
    const damaged = Buffer.alloc(fs.statSync(file).size, 7);
    fs.writeFileSync(file, damaged);

    await startAndStop();
    const rewritten = fs.readFileSync(file);
    expect(rewritten.equals(damaged)).toBe(false);
    expect(rewritten.length).toBeGreaterThan(100_000);
  });

  it('starts when the cache cannot be written', async () => {
    const notAFolder = path.join(fixture.workDir, 'not-a-folder');
    fs.writeFileSync(notAFolder, '');
    await startAndStop({ SERVER_CODE_CACHE_DIR: notAFolder });
    expect(fs.readFileSync(notAFolder, 'utf8')).toBe('');
  });
});
