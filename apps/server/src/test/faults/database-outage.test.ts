import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../harness.js';

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A TCP proxy in front of the test PostgreSQL that the test cuts and restores: the server's view of
 * "PostgreSQL stopped" without stopping the machine's shared PostgreSQL.
 */
class CuttableProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** PostgreSQL "goes away": open connections drop and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

if (databaseUrl) {
  describe('PostgreSQL stops while the server runs', () => {
    const target = new URL(databaseUrl);
    const proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
    let t: TestApp;
    let viewer: TestClient;

    beforeAll(async () => {
      await proxy.open();
      t = await createTestApp({ DATABASE_URL: proxy.urlFor(databaseUrl) });
      viewer = await signedInViewer(t.app, '+998907770022');
    });
    afterAll(async () => {
      await proxy.open();
      await t.close();
      await proxy.cut();
    });

    it('answers 503 with a clear error while it is down, and recovers by itself when it is back', async () => {
      expect((await viewer.get('/api/watchlist')).statusCode).toBe(200);
      await proxy.cut();

      for (const call of [
        () => viewer.get('/api/watchlist'),
        () => viewer.get('/api/user/me'),
        () => viewer.post('/api/watchlist', { movie_id: 1 }),
        () => viewer.get('/api/catalog/rows'),
      ]) {
        const { value: response, ms } = await timed(call);
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json().error).toEqual({
          code: 'unavailable',
          message: 'The service is briefly unavailable, try again shortly',
        });
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
        expect(ms).toBeLessThan(7000);
      }
      // The health check keeps a success for at most a second.
      let health = 0;
      for (let i = 0; i < 30 && health !== 503; i++) {
        health = (await t.app.inject({ url: '/api/health' })).statusCode;
        if (health !== 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health).toBe(503);

      // Back, on the same address: the next calls work without a restart.
      await proxy.open();
      const started = Date.now();
      let status = 0;
      while (Date.now() - started < 15_000) {
        status = (await viewer.get('/api/watchlist')).statusCode;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(
        (await viewer.post('/api/progress', { movie_id: 1, position_seconds: 1, duration_seconds: 9 }))
          .statusCode,
      ).not.toBe(503);
    });
  });
} else {
  describe('the SQLite database is locked by another process past the busy timeout', () => {
    let t: TestApp;
    let viewer: TestClient;
    let movieId: number;
    beforeAll(async () => {
      t = await createTestApp();
      viewer = await signedInViewer(t.app, '+998907770023');
      const admin = await signedInAdmin(t.app);
      movieId = await publishedTitle(admin, 'Locked');
    });
    afterAll(() => t.close());

    it('answers a write 503 with a clear error, reads keep working, and writes recover once it is free', async () => {
      const other = new SQLite(path.join(t.dataDir, 'salomtv.sqlite'));
      other.exec('BEGIN IMMEDIATE');
      try {
        // The write waits out SQLite's busy timeout (5 s), then answers.
        const response = await viewer.post('/api/watchlist', { movie_id: movieId });
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json().error.code).toBe('unavailable');
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.body).not.toMatch(/SQLITE|locked|sqlite/);
        // WAL: readers are not blocked by the writer.
        expect((await viewer.get('/api/watchlist')).statusCode).toBe(200);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect((await viewer.post('/api/watchlist', { movie_id: movieId })).statusCode).toBe(204);
      expect((await viewer.get('/api/watchlist')).json().items).toHaveLength(1);
    });
  });
}
