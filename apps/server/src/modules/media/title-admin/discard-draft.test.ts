import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  listFiles,
  pngImage,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';

describe('Add movies leaves no untitled draft behind (POST /api/movie/:movie_id/discard)', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ WORKER_IN_PROCESS: 'false' });
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  const create = async (): Promise<number> => (await admin.post('/api/movie/create')).json().movie_id;
  const listed = async () =>
    (await admin.get('/api/movie/get?pageSize=100')).json().map((m: { movie_id: number }) => m.movie_id);

  it('deletes a draft left without a change: no record and no file stay', async () => {
    const before = listFiles(path.join(t.dataDir, 'media'));
    const id = await create();
    const discarded = await admin.post(`/api/movie/${id}/discard`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toEqual({ discarded: true });
    expect(await listed()).not.toContain(id);
    expect((await admin.get(`/api/movie/${id}`)).statusCode).toBe(404);
    expect(listFiles(path.join(t.dataDir, 'media'))).toEqual(before);
    // Leaving again (another tab) is harmless.
    expect((await admin.post(`/api/movie/${id}/discard`)).json()).toEqual({ discarded: false });
  });

  it('keeps a title whose details were saved, or that has an image', async () => {
    const named = await create();
    await admin.post('/api/movie/details', { movie_id: named, title: 'Kept On Purpose' });
    expect((await admin.post(`/api/movie/${named}/discard`)).json()).toEqual({ discarded: false });

    const pictured = await create();
    const upload = await admin.postForm('/api/movie/thumbnail', {
      movie_id: String(pictured),
      file: { filename: 'p.png', contentType: 'image/png', data: await pngImage(60, 90) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await admin.post(`/api/movie/${pictured}/discard`)).json()).toEqual({ discarded: false });
    expect(await listed()).toEqual(expect.arrayContaining([named, pictured]));
  });

  it('is for admins only', async () => {
    const id = await create();
    const viewer = await signedInViewer(t.app, '+998901119900');
    expect((await viewer.post(`/api/movie/${id}/discard`)).statusCode).toBe(403);
    expect(await listed()).toContain(id);
  });
});
