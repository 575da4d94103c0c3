import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
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

  it("removes an administrator's second factors, so one who lost them signs in with the password again", async () => {
    const env = { ...process.env, ...t.databaseEnv, LOG_LEVEL: 'silent' };
    await run(process.execPath, [adminJs, '--phone', '+998901110001', '--password', 'second-pass-1'], {
      env,
    });
    const admin = new TestClient(t.app);
    await admin.signIn('+998901110001', 'second-pass-1');
    const { secret } = (await admin.post('/api/account/security/totp')).json();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: t.clock.now().getTime(),
    });
    expect((await admin.post('/api/account/security/totp/confirm', { code })).statusCode).toBe(200);
    const login = { phone_number: '+998901110001', password: 'second-pass-1' };
    expect((await new TestClient(t.app).post('/api/user/login', login)).body).toBe('second_factor');

    const reset = await run(
      process.execPath,
      [adminJs, '--phone', '+998901110001', '--reset-second-factor'],
      {
        env,
      },
    );
    expect(reset.stdout).toMatch(/Removed the second factors of administrator \+998901110001/);
    // Its sessions ended; the password is unchanged and is enough again.
    expect((await admin.get('/api/user/role')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/user/login', login)).body).toBe('admin');
    await expect(
      run(process.execPath, [adminJs, '--phone', '+998901119999', '--reset-second-factor'], { env }),
    ).rejects.toMatchObject({ code: 1 });
  });

  it('refuses to run without a phone number', async () => {
    await expect(
      run(process.execPath, [adminJs], { env: { ...process.env, DATA_DIR: t.dataDir } }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
