import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../test/harness.js';

const run = promisify(execFile);
const adminJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli/admin.js');

describe('npm run admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an administrator who can then sign in, and resets a password', async () => {
    const env = { ...process.env, ...t.databaseEnv, LOG_LEVEL: 'silent' };
    const created = await run(
      process.execPath,
      [adminJs, '--phone', '+998901110000', '--password', 'first-pass-1'],
      { env },
    );
    expect(created.stdout).toMatch(/Created administrator \+998901110000/);
    const client = new TestClient(t.app);
    expect(
      (await client.post('/api/user/login', { phone_number: '+998901110000', password: 'first-pass-1' }))
        .body,
    ).toBe('admin');

    const reset = await run(process.execPath, [adminJs, '--phone', '+998901110000'], { env });
    const password = /with password (\S+)/.exec(reset.stdout)?.[1];
    expect(password).toBeTruthy();
    // The reset ended the old session and the old password no longer works.
    expect((await client.get('/api/user/role')).statusCode).toBe(401);
    expect(
      (await client.post('/api/user/login', { phone_number: '+998901110000', password: 'first-pass-1' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await client.post('/api/user/login', { phone_number: '+998901110000', password: password! })).body,
    ).toBe('admin');
  });

  it('refuses to run without a phone number', async () => {
    await expect(
      run(process.execPath, [adminJs], { env: { ...process.env, DATA_DIR: t.dataDir } }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
