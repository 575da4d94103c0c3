import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

describe('posts in the viewer’s language', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('serves a post’s title and body in the language asked for, else as written', async () => {
    const post = (
      await admin.post('/api/posts', {
        title: 'New serials',
        body: '<p>Three new serials</p>',
        status: 'published',
      })
    ).json();
    const saved = await admin.post(`/api/posts/${post.post_id}/translation`, {
      language: 'uz',
      title: 'Yangi <b>seriallar</b>',
      body: '<p>Uchta yangi serial</p><script>alert(1)</script>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      expect.objectContaining({
        language: 'uz',
        title: 'Yangi seriallar',
        body: '<p>Uchta yangi serial</p>',
      }),
    ]);

    const anonymous = new TestClient(t.app);
    const inUzbek = (await anonymous.get('/api/posts?lang=Uz')).json().items[0];
    expect(inUzbek).toMatchObject({
      post_id: post.post_id,
      title: 'Yangi seriallar',
      body: '<p>Uchta yangi serial</p>',
      excerpt: 'Uchta yangi serial',
    });
    expect((await anonymous.get(`/api/posts/${post.post_id}?lang=uz`)).json().title).toBe('Yangi seriallar');
    // A language without a translation, and no language at all, read the post as written.
    expect((await anonymous.get('/api/posts?lang=Ru')).json().items[0].title).toBe('New serials');
    expect((await anonymous.get(`/api/posts/${post.post_id}`)).json().title).toBe('New serials');

    const removed = await admin.post(`/api/posts/${post.post_id}/translation/delete`, { language: 'Uz' });
    expect(removed.json()).toEqual([]);
    expect((await anonymous.get('/api/posts?lang=Uz')).json().items[0].title).toBe('New serials');
  });

  it('takes translations only from an admin, in a language the site has, with a title', async () => {
    const post = (await admin.post('/api/posts', { title: 'Admins only', body: '' })).json();
    const viewer = await signedInViewer(t.app);
    const refused = await viewer.post(`/api/posts/${post.post_id}/translation`, {
      language: 'Uz',
      title: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect((await viewer.get(`/api/posts/admin/${post.post_id}/translations`)).statusCode).toBe(403);

    const unknown = await admin.post(`/api/posts/${post.post_id}/translation`, {
      language: 'Xx',
      title: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const untitled = await admin.post(`/api/posts/${post.post_id}/translation`, {
      language: 'Uz',
      title: ' ',
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.fields.title).toBeTruthy();
    const noPost = await admin.post('/api/posts/999999/translation', { language: 'Uz', title: 'x' });
    expect(noPost.statusCode).toBe(404);
    expect((await admin.get(`/api/posts/admin/${post.post_id}/translations`)).json()).toEqual([]);
  });
});
