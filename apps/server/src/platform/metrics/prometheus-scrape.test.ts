import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scale/cluster-kit.js';
import { billingViewer, buyWithDemo } from '../../test/billing.js';
import { createTestApp, publishedTitle, signedInAdmin, type TestApp } from '../../test/harness.js';
import { prometheusBinary } from '../../test/prometheus-tools.js';

const TOKEN = 'scrape-token-for-the-prometheus-test-42';

/** One number from Prometheus's query API (`/api/v1/query`), or undefined while it has no sample for it. */
async function query(base: string, expr: string): Promise<number | undefined> {
  const response = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(expr)}`);
  if (!response.ok) return undefined;
  const body = (await response.json()) as { data?: { result?: { value: [number, string] }[] } };
  const value = body.data?.result?.[0]?.value[1];
  return value === undefined ? undefined : Number(value);
}

/** Asks until `check` holds for the answer (Prometheus scrapes every second), or gives up after `ms`. */
async function eventually(base: string, expr: string, check: (value: number) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  let last: number | undefined;
  while (Date.now() < until) {
    last = await query(base, expr).catch(() => undefined);
    if (last !== undefined && check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

describe('a real Prometheus scraping the service', () => {
  let t: TestApp;
  let prometheus: ChildProcess | undefined;
  let work = '';
  let base = '';
  let apiBase = '';
  let movieId = 0;
  let log = '';

  beforeAll(async () => {
    const binary = prometheusBinary('prometheus');
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const admin = await signedInAdmin(t.app);
    movieId = await publishedTitle(admin, 'Morning Ferry');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    apiBase = `http://127.0.0.1:${address.port}`;

    work = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-prometheus-'));
    fs.writeFileSync(
      path.join(work, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 900ms',
        'scrape_configs:',
        '  - job_name: salomtv',
        '    authorization:',
        '      type: Bearer',
        `      credentials: ${TOKEN}`,
        '    static_configs:',
        `      - targets: ["127.0.0.1:${address.port}"]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      binary,
      [
        `--config.file=${path.join(work, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(work, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk: Buffer) => {
      log = `${log}${chunk.toString()}`.slice(-4000);
    });
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('reads back a request counter and the live playback gauge through its query API', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${apiBase}/api/catalog/titles/${movieId}`);
      expect(answer.status).toBe(200);
    }
    const viewer = await billingViewer(t.app, null);
    await buyWithDemo(t.app, viewer.client, 'premium');
    const started = await viewer.client.post('/api/playback/start', { movie_id: movieId });
    expect(started.statusCode).toBe(200);

    const requests = await eventually(
      base,
      'sum(salomtv_http_requests_total{route="/api/catalog/titles/:movie_id",status_class="2xx"})',
      (value) => value >= 3,
    );
    expect(requests, `Prometheus's log: ${log}`).toBe(3);
    const live = await eventually(
      base,
      'sum(salomtv_playback_sessions_live{plan="premium",quality_cap="1080"})',
      (value) => value >= 1,
    );
    expect(live).toBe(1);
    // It scraped with the token: the target is up.
    expect(await query(base, 'up{job="salomtv"}')).toBe(1);
  });
});
