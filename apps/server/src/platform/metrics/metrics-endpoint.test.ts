import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { freePort } from '../../scale/cluster-kit.js';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  TestClient,
} from '../../test/harness.js';
import { DEPLOY_DIR, declaredNames, promtool, type Sample, samples } from '../../test/prometheus-tools.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What a scraper reads with the right token. */
async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Names that histograms and summaries add to their own in samples. */
const baseName = (name: string) => name.replace(/_(bucket|sum|count)$/, '');

describe('the metrics endpoint', () => {
  let t: TestApp;
  /** The same service with metrics off: how it answers /metrics is how it answers any unknown address. */
  let off: TestApp;
  let movieId = 0;

  beforeAll(async () => {
    [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
    const admin = await signedInAdmin(t.app);
    movieId = await publishedTitle(admin, 'Quiet Harbour');
  });
  afterAll(() => Promise.all([t.close(), off.close()]));

  it('answers without the token, or with a wrong one, exactly as an unknown address', async () => {
    const unknown = await off.app.inject({ method: 'GET', url: '/metrics' });
    expect(unknown.body).not.toContain('salomtv_');
    for (const headers of [
      {},
      bearer('metrics-token-for-the-tests-012345678'),
      bearer(`${TOKEN}x`),
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(unknown.statusCode);
      expect(refused.body).toBe(unknown.body);
      expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(refused.body).not.toContain('salomtv_');
    }
  });

  it('serves the Prometheus text format with the token, which promtool accepts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const checked = promtool(['check', 'metrics'], response.body);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
    // The process's own figures and the event-loop lag come with ours.
    const names = declaredNames(response.body);
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'salomtv_db_sqlite_file_bytes',
    ])
      expect(names).toContain(name);
  });

  it('labels requests with their route pattern, never the address asked for', async () => {
    for (const url of [
      `/api/catalog/titles/${movieId}`,
      '/api/catalog/titles/987654',
      '/no-such/4242/page.js',
    ])
      await t.app.inject({ method: 'GET', url });
    const found = samples(await scrape(t));
    const requests = (route: string) =>
      found.filter((s) => s.name === 'salomtv_http_requests_total' && s.labels.route === route);
    expect(
      requests('/api/catalog/titles/:movie_id')
        .map((s) => [s.labels.status_class, s.value])
        .sort(),
    ).toEqual([
      ['2xx', 1],
      ['4xx', 1],
    ]);
    expect(requests('unmatched').some((s) => s.labels.status_class === '4xx' && s.value >= 1)).toBe(true);
    // No label of any series carries an id, the admin's phone number or a title's name; routes are patterns.
    const leaks = (sample: Sample) =>
      Object.entries(sample.labels).filter(
        ([name, value]) =>
          name !== 'le' &&
          (/987654|4242|998900000001|Quiet Harbour/.test(value) ||
            (name === 'route' && value.split('/').some((segment) => /^\d+$/.test(segment)))),
      );
    expect(found.flatMap(leaks)).toEqual([]);
  });

  it('counts failed sign-ins, and 429 answers by the route whose limit refused them', async () => {
    const guesser = new TestClient(t.app, '10.9.8.7');
    const attempts = [];
    for (let i = 0; i < 6; i++)
      attempts.push(
        await guesser.post('/api/user/login', { phone_number: '+998901234567', password: 'wrong-pass' }),
      );
    const statuses = attempts.map((a) => a.statusCode);
    expect(statuses).toContain(401);
    const found = samples(await scrape(t));
    const value = (name: string, labels: Record<string, string>) =>
      found.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        ?.value ?? 0;
    expect(value('salomtv_sign_in_failures_total', { reason: 'wrong_credentials' })).toBe(
      statuses.filter((s) => s === 401).length,
    );
    expect(value('salomtv_rate_limit_refusals_total', { route: '/api/user/login' })).toBe(
      statuses.filter((s) => s === 429).length,
    );
  });

  it('ships a Grafana dashboard that queries only metrics the service exports', async () => {
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(DEPLOY_DIR, 'grafana/salomtv-dashboard.json'), 'utf8'),
    );
    const expressions: string[] = [];
    const walk = (panels: { targets?: { expr: string }[]; panels?: unknown[] }[]) => {
      for (const panel of panels) {
        for (const target of panel.targets ?? []) expressions.push(target.expr);
        walk((panel.panels ?? []) as typeof panels);
      }
    };
    walk(dashboard.panels);
    expect(expressions.length).toBeGreaterThan(20);
    const declared = declaredNames(await scrape(t));
    const queried = new Set(
      expressions.flatMap((expr) =>
        [...expr.matchAll(/\b(salomtv_\w+|process_\w+|nodejs_\w+)/g)].map((m) => m[1]!),
      ),
    );
    const missing = [...queried].filter((name) => !declared.has(name) && !declared.has(baseName(name)));
    expect(missing).toEqual([]);
  });

  it('ships alert rules that promtool accepts, on metrics the service exports', async () => {
    const file = path.join(DEPLOY_DIR, 'prometheus/alerts.yml');
    const checked = promtool(['check', 'rules', file]);
    expect(checked.output).toContain('SUCCESS');
    expect(checked.status).toBe(0);
    const declared = declaredNames(await scrape(t));
    const rules = fs.readFileSync(file, 'utf8');
    const names = new Set([...rules.matchAll(/\b(salomtv_\w+)/g)].map((m) => m[1]!));
    expect([...names].filter((name) => !declared.has(baseName(name)) && !declared.has(name))).toEqual([]);
    for (const alert of [
      'HighErrorRate',
      'SlowRequests',
      'MediaJobsStuck',
      'PlaybackStalling',
      'DiskAlmostFull',
    ])
      expect(rules).toContain(`alert: SalomTV${alert}`);
  });
});

describe('metrics on a port of their own', () => {
  let t: TestApp;
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(port) });
  });
  afterAll(() => t.close());

  it('serves them there with the token only, and the API port has no /metrics at all', async () => {
    const there = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: bearer(TOKEN) });
    expect(there.status).toBe(200);
    expect(await there.text()).toContain('# TYPE salomtv_http_requests_total counter');
    for (const [url, headers] of [
      ['/metrics', {}],
      ['/metrics', bearer('wrong-token-of-the-right-length-00000')],
      ['/other', bearer(TOKEN)],
    ] as const) {
      const refused = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.code).toBe('not_found');
    }
    const onApi = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    const unknownOnApi = await t.app.inject({ method: 'GET', url: '/no-such-address' });
    expect(onApi.statusCode).toBe(unknownOnApi.statusCode);
    expect(onApi.headers['content-type']).toBe(unknownOnApi.headers['content-type']);
    expect(onApi.body).not.toContain('salomtv_');
  });
});

describe('the metrics settings', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

  it('are off by default and on with a token, on the API port or a private address of their own', () => {
    expect(load({})().metrics).toBeUndefined();
    expect(load({ METRICS_TOKEN: TOKEN })().metrics).toEqual({
      token: TOKEN,
      port: undefined,
      host: '127.0.0.1',
    });
    expect(load({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })().metrics).toEqual({
      token: TOKEN,
      port: 9464,
      host: '10.0.0.5',
    });
  });

  it('refuse to start with a port and no token, a short token, or a host without a port', () => {
    expect(load({ METRICS_PORT: '9464' })).toThrow(ConfigError);
    expect(load({ METRICS_PORT: '9464' })).toThrow(/METRICS_PORT: needs METRICS_TOKEN/);
    expect(load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN.*hidden value/);
    expect(load({ METRICS_TOKEN: TOKEN, METRICS_HOST: '127.0.0.1' })).toThrow(/METRICS_HOST/);
    expect(load({ METRICS_TOKEN: TOKEN, METRICS_PORT: '3000' })).toThrow(/must differ from PORT/);
  });
});
