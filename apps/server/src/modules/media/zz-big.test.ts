import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestApp, signedInAdmin } from '../../test/harness.js';
import { makeClip } from '../../test/media-kit.js';
it('big', async () => {
  const t = await createTestApp({ WORKER_IN_PROCESS: 'false' });
  const admin = await signedInAdmin(t.app);
  const id = (await admin.post('/api/movie/create')).json().movie_id;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'big-'));
  const clip = await makeClip(dir, 'b', { seconds: 1 });
  const big = Buffer.concat([clip, Buffer.alloc(12 * 1024 * 1024)]);
  const r = await admin.postForm('/api/movie/add', { movie_id: String(id), file: { filename: 'b.mp4', contentType: 'video/mp4', data: big } });
  process.stdout.write(`BIG ${r.statusCode} ${r.body.slice(0, 200)}\n`);
  expect(r.statusCode).toBe(200);
  await t.close();
});
