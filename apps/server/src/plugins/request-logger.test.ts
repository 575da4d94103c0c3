import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { appLogging } from './request-logger.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  part?: string;
}

/** A server logging as the app does at `level` (appLogging), writing its lines into an array. */
async function server(level: string) {
  const lines: Line[] = [];
  const logging = appLogging(level, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = Fastify(logging.fastify);
  let seenLevel = '';
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    request.log.debug('a debug line');
    seenLevel = request.log.level;
    return { ok: true };
  });
  app.get('/warns', async (request) => {
    request.log.warn({ part: 'player' }, 'a warning');
    request.log.child({ part: 'uploads' }).error('from a child');
    return { ok: true };
  });
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  // A route with a level of its own writes by it.
  app.get('/verbose', { logLevel: 'debug' }, async (request) => {
    request.log.debug('a debug line of a verbose route');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, seenLevel: () => seenLevel };
}

describe('the request logger made on first use', () => {
  it('at warn, writes nothing for a quiet request, and every warning and error with its request id', async () => {
    const { app, lines, seenLevel } = await server('warn');
    const quiet = await app.inject({ url: '/quiet' });
    expect(quiet.statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(seenLevel()).toBe('warn');

    const warns = await app.inject({ url: '/warns' });
    expect(warns.statusCode).toBe(200);
    expect(lines.map(({ msg, part }) => [msg, part])).toEqual([
      ['a warning', 'player'],
      ['from a child', 'uploads'],
    ]);
    const failed = await app.inject({ url: '/fails' });
    expect(failed.statusCode).toBe(500);
    const errorLine = lines.at(-1)!;
    expect(errorLine.level).toBe(50);
    expect(errorLine.reqId).toMatch(/^req-/);
    // Each request's lines carry its own id.
    expect(lines[0]!.reqId).toBe(lines[1]!.reqId);
    expect(errorLine.reqId).not.toBe(lines[0]!.reqId);

    await app.inject({ url: '/verbose' });
    expect(lines.map((line) => line.msg)).toContain('a debug line of a verbose route');
    await app.close();
  });

  it("at info, writes Fastify's request lines, each with the request's id", async () => {
    const { app, lines } = await server('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'an info line', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    await app.close();
  });

  it('at debug, writes every line of a request with the same request id, as pino children do', async () => {
    const { app, lines } = await server('debug');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'an info line',
      'a debug line',
      'request completed',
    ]);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    expect(lines[0]!.reqId).toMatch(/^req-/);
    await app.close();
  });
});
