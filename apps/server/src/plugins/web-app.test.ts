import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** The web build writes .br and .gz beside each chunk; a browser that accepts them gets those bytes. */
describe('precompressed web app chunks', () => {
  let t: TestApp;
  let webDist: string;
  const script = `console.log(${JSON.stringify('salomtv '.repeat(400))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    const js = path.join(webDist, 'static/js/index-abc123.js');
    fs.mkdirSync(path.dirname(js), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(js, script);
    fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${js}.gz`, zlib.gzipSync(script));
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends brotli, then gzip, then the plain file, each with the long cache and the script type', async () => {
    const url = '/static/js/index-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const response of [br, gz, plain]) {
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });
});
