import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  pngImage,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

describe('posts', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    viewer = await signedInViewer(t.app);
  });
  afterAll(() => t.close());

  it('stores XSS payloads in title and body as text or removes them', async () => {
    const created = await admin.post('/api/posts', {
      title: '<img src=x onerror=alert(1)>Launch <script>alert(2)</script>day',
      body: '<p>Hi<script>alert(3)</script></p><a href="javascript:alert(4)">x</a><p onmouseover="alert(5)">y</p>',
      status: 'published',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post.title).toBe('Launch day');
    expect(post.body).toBe('<p>Hi</p>x<p>y</p>');
    const publicCopy = (await new TestClient(t.app).get(`/api/posts/${post.post_id}`)).json();
    expect(JSON.stringify(publicCopy)).not.toMatch(/alert|script|onerror|javascript/);
    const onlyTags = await admin.post('/api/posts', { title: '<script>alert(1)</script>', body: '' });
    expect(onlyTags.statusCode).toBe(400);
    expect(onlyTags.json().error.fields.title).toBeTruthy();
  });

  it('shows a post publicly only while it is published and its date has passed', async () => {
    const anonymous = new TestClient(t.app);
    const draft = (await admin.post('/api/posts', { title: 'Draft news', body: '<p>soon</p>' })).json();
    expect(draft.status).toBe('draft');
    expect((await anonymous.get(`/api/posts/${draft.post_id}`)).statusCode).toBe(404);
    const titles = async () =>
      ((await anonymous.get('/api/posts')).json().items as { title: string }[]).map((p) => p.title);
    expect(await titles()).not.toContain('Draft news');

    const published = (await admin.post(`/api/posts/${draft.post_id}/publish`)).json();
    expect(published).toMatchObject({
      status: 'published',
      visible: true,
      publish_at: t.clock.now().toISOString(),
    });
    expect(await titles()).toContain('Draft news');
    expect((await anonymous.get(`/api/posts/${draft.post_id}`)).statusCode).toBe(200);

    await admin.post(`/api/posts/${draft.post_id}/unpublish`);
    expect(await titles()).not.toContain('Draft news');
    expect((await anonymous.get(`/api/posts/${draft.post_id}`)).statusCode).toBe(404);

    // Scheduled: published for an hour from now, visible only once the clock gets there.
    const tomorrow = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = (
      await admin.post(`/api/posts/${draft.post_id}/publish`, { publish_at: tomorrow })
    ).json();
    expect(scheduled).toMatchObject({ status: 'published', visible: false, publish_at: tomorrow });
    expect(await titles()).not.toContain('Draft news');
    const adminScheduled = (await admin.get('/api/posts/admin?status=scheduled')).json();
    expect(adminScheduled.items.map((p: { post_id: number }) => p.post_id)).toEqual([draft.post_id]);
    t.clock.advance(3_600_000 + 1000);
    expect(await titles()).toContain('Draft news');
    // Newest first.
    expect((await titles())[0]).toBe('Draft news');
  });

  it('lists, searches and filters for the admin, and updates a post', async () => {
    const list = (await admin.get('/api/posts/admin?search=draft')).json();
    expect(list.total).toBe(1);
    const id = list.items[0].post_id;
    const updated = await admin.post(`/api/posts/${id}`, {
      title: 'Renamed <i>news</i>',
      body: '<p>new <u>body</u></p>',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Renamed news',
      body: '<p>new body</p>',
      status: 'published',
    });
    expect(
      (await admin.get('/api/posts/admin?status=draft'))
        .json()
        .items.every((p: { status: string }) => p.status === 'draft'),
    ).toBe(true);
  });

  it('takes a cover image in the create form and as a separate upload, removing replaced files', async () => {
    const created = await admin.postForm('/api/posts', {
      title: 'With cover',
      body: '<p>Look</p>',
      status: 'published',
      cover: { filename: 'c.png', contentType: 'image/png', data: await pngImage(64, 36) },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post.cover).toMatch(/^\/media\/posts\/.+\.webp$/);
    const image = await t.app.inject({ url: post.cover });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const replaced = await admin.postForm(`/api/posts/${post.post_id}/cover`, {
      cover: { filename: 'd.png', contentType: 'image/png', data: await pngImage(32, 18) },
    });
    expect(replaced.statusCode).toBe(200);
    const fileOf = (url: string) => path.join(t.dataDir, 'media', url.replace('/media/', ''));
    expect(fs.existsSync(fileOf(post.cover))).toBe(false);
    const newCover = replaced.json().cover;
    expect(fs.existsSync(fileOf(newCover))).toBe(true);

    const notImage = await admin.postForm(`/api/posts/${post.post_id}/cover`, {
      cover: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('<html></html>') },
    });
    expect(notImage.statusCode).toBe(415);

    expect((await admin.delete(`/api/posts/${post.post_id}`)).statusCode).toBe(204);
    expect(fs.existsSync(fileOf(newCover))).toBe(false);
    expect((await admin.get(`/api/posts/admin/${post.post_id}`)).statusCode).toBe(404);
  });

  it('writes each change to the audit log with before and after', async () => {
    const entries = (await admin.get('/api/admin/audit?actor=me&entity=post&pageSize=100')).json().items as {
      action: string;
      before: { status?: string } | null;
      after: { status?: string; title?: string } | null;
    }[];
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'publish', 'unpublish', 'update', 'delete']));
    const unpublish = entries.find((e) => e.action === 'unpublish')!;
    expect(unpublish.before?.status).toBe('published');
    expect(unpublish.after?.status).toBe('draft');
    const deletion = entries.find((e) => e.action === 'delete')!;
    expect(deletion.after).toBeNull();
  });

  it('refuses viewers and bad input', async () => {
    expect((await viewer.post('/api/posts', { title: 'x' })).statusCode).toBe(403);
    expect((await viewer.get('/api/posts/admin')).statusCode).toBe(403);
    expect((await admin.post('/api/posts', { title: 'x', status: 'live' })).statusCode).toBe(400);
    expect((await admin.post('/api/posts', { title: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await admin.post('/api/posts/9999/publish')).statusCode).toBe(404);
    expect((await admin.post('/api/posts', { title: 'x' }, { csrf: false })).statusCode).toBe(403);
  });
});
