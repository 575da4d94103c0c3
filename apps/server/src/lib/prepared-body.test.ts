import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { englishTexts } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { PreparedBody } from './prepared-body.js';

// The English translation record, as `POST /api/language/get` sends it (about 10 KB).
const record = JSON.stringify([{ ...englishTexts, lang_id: 1, keyword: 'En', language_title: 'English' }]);
const brotliAt = (text: string, quality: number) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

describe('PreparedBody', () => {
  it('sends a small answer at brotli best quality, a large one at quality 5, both decoding to the text', () => {
    const small = PreparedBody.json(record);
    const large = PreparedBody.json(record.repeat(3));
    expect(small.raw.length).toBeLessThan(16 * 1024);
    expect(large.raw.length).toBeGreaterThan(16 * 1024);

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
