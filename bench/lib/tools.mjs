// Shared helpers of the benchmark: installing references, starting servers, running wrk, medians.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export function ensureDebianPackages(commands) {
  const missing = Object.entries(commands).filter(([command]) => {
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg);
  console.log(`installing ${packages.join(', ')} from Debian's packages…`);
  execFileSync(
    'sh',
    ['-c', `apt-get update -qq && apt-get install -y -qq ${packages.join(' ')} >/dev/null`],
    { stdio: 'inherit' },
  );
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return Date.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a process pinned to one core (the load generator gets the other). */
export function startPinned(core, command, args, options = {}) {
  const child = spawn('taskset', ['-c', String(core), command, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    ...options,
  });
  return child;
}

export async function stop(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs wrk on core 1 and returns requests/s, MB/s and p99 latency in ms. */
export function wrk(url, { connections = 32, seconds = 5, script, threads = 1 } = {}) {
  const args = [
    '-c',
    '1',
    'wrk',
    '-t',
    String(threads),
    '-c',
    String(connections),
    '-d',
    `${seconds}s`,
    '--latency',
  ];
  if (script) args.push('-s', script);
  args.push(url);
  const output = execFileSync('taskset', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const transfer = /Transfer\/sec:\s+([\d.]+)(\w+)/.exec(output);
  const unit = { B: 1 / 1e6, KB: 1 / 1e3, MB: 1, GB: 1e3 }[transfer?.[2] ?? 'MB'] ?? 1;
  const mbps = transfer ? Number(transfer[1]) * unit : 0;
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(output);
  const p99 = p99raw ? Number(p99raw[1]) * { us: 0.001, ms: 1, s: 1000 }[p99raw[2]] : Number.NaN;
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  return { rps, mbps, p99, non2xx: errors ? Number(errors[1]) : 0 };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function writeJson(file, data) {
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
