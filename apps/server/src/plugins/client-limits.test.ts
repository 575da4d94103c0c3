import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { closeSilentConnections, refuseNewRequests } from './client-limits.js';

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  text: string;
  /** From the first byte sent to the close. */
  closedAfterMs: number;
}

/**
 * A client on a real socket that writes what `talk` writes and reads until the server closes the connection
 * (or `giveUpMs` passes: then the exchange fails the test).
 */
function exchange(port: number, talk: (socket: net.Socket) => void, giveUpMs = 8000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => talk(socket));
  });
}

/** Writes `parts` one by one, `everyMs` apart, while the socket is open. */
function dribble(socket: net.Socket, parts: string[], everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= parts.length) return clearInterval(timer);
    socket.write(parts[index++]!);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

/** The status, headers and body of the raw answer. */
function parse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** The app's error format with the API's security headers. */
function expectErrorAnswer(text: string, status: number, code: string) {
  const answer = parse(text);
  expect(answer.status, text).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
  expect(answer.headers['content-type']).toContain('application/json');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(answer.headers['x-frame-options']).toBe('DENY');
  return answer;
}

/** Slow and malformed clients, over a real socket: they are cut off, and answered in the app's format. */
describe('slow clients and requests the framework cannot read', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '3',
      IDLE_TIMEOUT_SECONDS: '1',
      KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('cuts off a client that sends its headers a line at a time (slowloris) with 408', async () => {
    const slow = await exchange(port, (socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      dribble(
        socket,
        Array.from({ length: 50 }, (_, i) => `X-Slow-${i}: y\r\n`),
        200,
      );
    });
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(slow.closedAfterMs).toBeLessThan(2500);
    expectErrorAnswer(slow.text, 408, 'timeout');
  });

  it('closes a connection whose body stalls half-way, and one whose body trickles past the request limit', async () => {
    const head = (length: number) =>
      `POST /api/language/get HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
    // Ten bytes of a hundred, then silence: the idle limit (1 s) closes it.
    const stalled = await exchange(port, (socket) => socket.write(`${head(100)}{"keyword"`));
    expect(stalled.closedAfterMs).toBeLessThan(2000);
    expect(stalled.text).not.toMatch(/^HTTP\/1\.1 200/);
    // A byte every 200 ms never trips the idle limit; the whole request's limit (3 s) cuts it, with 408.
    const trickle = await exchange(port, (socket) => {
      socket.write(head(100));
      dribble(
        socket,
        Array.from({ length: 100 }, () => ' '),
        200,
      );
    });
    expect(trickle.closedAfterMs).toBeGreaterThanOrEqual(2900);
    expect(trickle.closedAfterMs).toBeLessThan(4500);
    expectErrorAnswer(trickle.text, 408, 'timeout');
  });

  it('takes a body that keeps arriving for longer than the idle limit', async () => {
    // A chunked upload as a slow line sends it: 2 s of steady bytes, within the request limit.
    const body = `{"keyword":"En"${' '.repeat(9)}}`;
    const parts = body.match(/.{1,2}/g)!;
    const steady = await exchange(port, (socket) => {
      socket.write(
        'POST /api/language/get HTTP/1.1\r\nHost: localhost\r\nconnection: close\r\n' +
          `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      dribble(socket, parts, 2000 / parts.length);
    });
    expect(steady.closedAfterMs).toBeGreaterThanOrEqual(1500);
    const answer = parse(steady.text);
    expect(answer.status).toBe(200);
  });

  it('closes an idle kept-alive connection after its limit', async () => {
    const kept = await exchange(port, (socket) =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    );
    expect(parse(kept.text).status).toBe(200);
    expect(kept.closedAfterMs).toBeLessThan(2500);
  });

  it('answers oversized headers with 431 in the error format, echoing none of them', async () => {
    const secret = `marker-${'z'.repeat(20 * 1024)}`;
    const big = await exchange(port, (socket) =>
      socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${secret}\r\n\r\n`),
    );
    const answer = expectErrorAnswer(big.text, 431, 'headers_too_large');
    expect(answer.headers.connection).toBe('close');
    expect(big.text).not.toContain('marker-');
  });

  it('answers a malformed address with 400 in the error format, without echoing it', async () => {
    for (const address of ['/api/%E0%A4%A', '/api/catalog/titles/%E0%A4%A', '/%E0%A4%A', '/api/movie/%ZZ']) {
      const bad = await exchange(port, (socket) =>
        socket.write(`GET ${address} HTTP/1.1\r\nHost: localhost\r\nconnection: close\r\n\r\n`),
      );
      const answer = expectErrorAnswer(bad.text, 400, 'bad_request');
      expect(answer.body, address).not.toMatch(/%E0|%ZZ|\/api|catalog|movie/i);
    }
    // A request line the parser cannot read at all is refused the same way.
    const garbage = await exchange(port, (socket) => socket.write('GET /\x00 HTTP/1.1\r\n\r\n'));
    expectErrorAnswer(garbage.text, 400, 'bad_request');
    // The server is none the worse.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

/** The silence rule on a plain server: what moves keeps a connection, what stops with a request on it ends it. */
describe('closing silent connections', () => {
  let server: http.Server;
  let port: number;
  let serverSide: net.Socket | undefined;
  const streamed = Buffer.alloc(1024 * 1024, 'x');
  beforeAll(async () => {
    server = http.createServer({ keepAliveTimeout: 10_000 }, (request, response) => {
      if (request.url === '/big') {
        // 256 MiB, far beyond what the sockets' buffers hold: a client that reads nothing stalls it.
        Readable.from(Array.from({ length: 256 }, () => streamed)).pipe(response);
      } else response.end('ok');
    });
    closeSilentConnections(server, 600);
    server.on('connection', (socket: net.Socket) => {
      serverSide = socket;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('closes a connection whose reader stopped reading an answer', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    socket.write('GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // Reads the first chunk only, then stops: the server's end of the connection is closed.
    await once(socket, 'data');
    socket.pause();
    await once(serverSide!, 'close');
    const closedAfterMs = Date.now() - started;
    socket.destroy();
    expect(closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it('keeps an idle kept-alive connection, with no request on it, past the silence limit', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.write('GET /small HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(socket, 'data');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(socket.destroyed).toBe(false);
    socket.write('GET /small HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const [again] = await once(socket, 'data');
    expect(String(again)).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
    socket.destroy();
  });
});

describe('refusing new requests while shutting down', () => {
  it('finishes a request taken before, and answers one arriving after with 503 in the error format', async () => {
    let finishHeld!: () => void;
    const server = http.createServer((request, response) => {
      if (request.url === '/held') finishHeld = () => response.end('finished');
      else response.end('ok');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as net.AddressInfo;
    try {
      const held = new Promise<string>((resolve) => {
        http.get({ port, host: '127.0.0.1', path: '/held' }, (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve(body));
        });
      });
      while (!finishHeld) await new Promise((resolve) => setTimeout(resolve, 10));

      refuseNewRequests(server);
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await refused.json()).toEqual({
        error: { code: 'unavailable', message: 'The server is restarting, try again shortly' },
      });
      finishHeld();
      expect(await held).toBe('finished');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
