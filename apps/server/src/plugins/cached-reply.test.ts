import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { englishTexts } from '@salomtv/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PreparedBody, sendCachedReply, sendPreparedBody } from './cached-reply.js';

// The English translation record, as `POST /api/language/get` sends it (about 18 KB).
const record = JSON.stringify([{ ...englishTexts, lang_id: 1, keyword: 'En', language_title: 'English' }]);
const brotliAt = (text: string, quality: number) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

describe('PreparedBody', () => {
  it('sends a small answer at brotli best quality, a large one at quality 5, both decoding to the text', () => {
    const small = PreparedBody.json(record);
    const large = PreparedBody.json(record.repeat(3));
    expect(small.raw.length).toBeLessThan(32 * 1024);
    expect(large.raw.length).toBeGreaterThan(32 * 1024);

    const smallBody = small.body('gzip, deflate, br, zstd');
    expect(smallBody.encoding).toBe('br');
    expect(smallBody.body.length).toBe(brotliAt(record, 11).length);
    expect(smallBody.body.length).toBeLessThan(brotliAt(record, 5).length);
    expect(brotliDecompressSync(smallBody.body).toString()).toBe(record);

    const largeBody = large.body('br');
    expect(largeBody.body.length).toBe(brotliAt(record.repeat(3), 5).length);
    expect(brotliDecompressSync(largeBody.body).toString()).toBe(record.repeat(3));
  });

  it('answers each Accept-Encoding by its preferences, however many distinct ones clients send', () => {
    const prepared = PreparedBody.json(record);
    // More distinct values than the negotiation cache keeps, asked twice over: each answer stays right.
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 150; index++) {
        const prefersGzip = index % 3 === 0;
        const header = prefersGzip ? `br;q=0.1, gzip;q=0.9, x-${index}` : `gzip;q=0.5, br, x-${index}`;
        const { body, encoding } = prepared.body(header);
        expect(encoding).toBe(prefersGzip ? 'gzip' : 'br');
        const text = prefersGzip ? gunzipSync(body) : brotliDecompressSync(body);
        expect(text.toString()).toBe(record);
      }
    }
    expect(prepared.body('identity').encoding).toBeUndefined();
    expect(prepared.body(undefined).body.toString()).toBe(record);
  });
});

describe('sendPreparedBody', () => {
  it("holds a cached answer to its route's reply schema, checking each body once", async () => {
    const rowsSchema = z.object({ rows: z.array(z.object({ title: z.string() })) });
    let checks = 0;
    const counted = {
      parse: (value: unknown) => {
        checks++;
        return rowsSchema.parse(value);
      },
    };
    const good = PreparedBody.json(JSON.stringify({ rows: [{ title: 'Samarkand' }] }));
    const bad = PreparedBody.json(JSON.stringify({ rows: [{ name: 'Samarkand' }] }));
    const app = Fastify();
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    for (const [url, body] of [
      ['/good', good],
      ['/bad', bad],
    ] as const) {
      app.get(url, { schema: { response: { 200: counted } } }, (request, reply) =>
        sendPreparedBody(request, reply, body),
      );
    }
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await app.inject({ url: '/good' });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ rows: [{ title: 'Samarkand' }] });
      }
      expect(checks).toBe(1);
      const refused = await app.inject({ url: '/bad' });
      expect(refused.statusCode).toBe(500);
      expect(refused.body).not.toContain('Samarkand');
      // Not kept as checked: it is refused every time.
      expect((await app.inject({ url: '/bad' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});

describe('sendCachedReply', () => {
  it('serialises an answer object once, tags it, and answers a GET that holds the tag with 304', async () => {
    let serialised = 0;
    // Large enough to be compressed (over 1 KB).
    const rowsOf = (title: string) =>
      Array.from({ length: 60 }, (_, index) => ({ title: `${title} ${index}` }));
    const answerOf = (title: string) => ({
      rows: rowsOf(title),
      toJSON() {
        serialised++;
        return { rows: this.rows };
      },
    });
    let current = answerOf('Samarkand');
    const app = Fastify();
    app.get('/rows', (request, reply) => sendCachedReply(request, reply, current));
    app.post('/rows', (request, reply) => sendCachedReply(request, reply, current));
    try {
      const first = await app.inject({ url: '/rows' });
      const second = await app.inject({ url: '/rows', headers: { 'accept-encoding': 'br' } });
      expect(first.json()).toEqual({ rows: rowsOf('Samarkand') });
      expect(second.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
      expect(serialised).toBe(1);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);
      expect(second.headers.etag).toBe(etag);

      for (const held of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
        const revalidated = await app.inject({ url: '/rows', headers: { 'if-none-match': held } });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.body).toBe('');
        expect(revalidated.headers.etag).toBe(etag);
      }
      // Only a read is answered from the client's copy.
      const posted = await app.inject({ method: 'POST', url: '/rows', headers: { 'if-none-match': etag } });
      expect(posted.statusCode).toBe(200);
      expect(posted.json()).toEqual({ rows: rowsOf('Samarkand') });

      // A changed answer is a new object: serialised again, with a tag of its own that an old copy does not match.
      current = answerOf('Bukhara');
      const changed = await app.inject({ url: '/rows', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ rows: rowsOf('Bukhara') });
      expect(changed.headers.etag).not.toBe(etag);
      expect(serialised).toBe(2);
    } finally {
      await app.close();
    }
  });
});
