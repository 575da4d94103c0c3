// Simulated viewers (run as its own process on the load generator's core): each one asks for the variant
// playlist, then its next segment, then waits, like a player keeping its buffer full (time runs 12x faster
// than a real player: one 6 s segment every 500 ms). Prints JSON: requests, errors, p50/p99 per kind.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const { base, cookie, variant, segments, viewers, seconds, pauseMs } = JSON.parse(process.env.VIEWERS_PLAN);
const agent = new http.Agent({ keepAlive: true, maxSockets: viewers });
const url = new URL(base);

function get(path) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.get(
      { host: url.hostname, port: url.port, path, agent, headers: { cookie } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () =>
          resolve({ ok: response.statusCode === 200, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
        response.on('error', () => resolve({ ok: false, ms: 0 }));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ ok: false, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
  });
}

const times = { playlist: [], segment: [] };
// How late this process's own loop ran: a response that arrived while it was busy is timed late by up to that
// much. The two cores are shared with the server and ffmpeg, so the tail is partly the generator's own.
const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
generatorDelay.enable();
let errors = 0;
const until = Date.now() + seconds * 1000;

async function viewer(index) {
  let next = index % segments.length;
  await new Promise((r) => setTimeout(r, (index * 7) % pauseMs));
  while (Date.now() < until) {
    const playlist = await get(variant);
    times.playlist.push(playlist.ms);
    if (!playlist.ok) errors++;
    const segment = await get(segments[next]);
    times.segment.push(segment.ms);
    if (!segment.ok) errors++;
    next = (next + 1) % segments.length;
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : Number.NaN;
};
await Promise.all(Array.from({ length: viewers }, (_, i) => viewer(i)));
agent.destroy();
process.stdout.write(
  JSON.stringify({
    requests: times.playlist.length + times.segment.length,
    errors,
    playlistP50: percentile(times.playlist, 50),
    playlistP99: percentile(times.playlist, 99),
    segmentP99: percentile(times.segment, 99),
    generatorDelayP99: generatorDelay.percentile(99) / 1e6,
  }),
);
