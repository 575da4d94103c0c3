// Shared helpers of the benchmark: installing references, starting servers, running wrk, medians.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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
  // What runs beside the server (a playback's heartbeats) ends first, so it does not knock on a closed port.
  child.emit('stopping');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs wrk on core 1 and returns requests/s, MB/s and p99 latency in ms. */
export function wrk(url, { connections = 32, seconds = 5, script, threads = 1, headers = {} } = {}) {
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
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
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

/** The built server: apps/server/dist, or BENCH_SERVER_DIST (a private build while others edit the shared one). */
export function serverDist(root) {
  return process.env.BENCH_SERVER_DIST ?? path.join(root, 'apps/server/dist');
}

/** PostgreSQL for the database rows: the local cluster, started like CI does when it is not running. */
export function ensurePostgres(url = 'postgres://postgres@127.0.0.1:5432/postgres') {
  const ready = () => {
    try {
      execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
      return true;
    } catch {
      return false;
    }
  };
  if (!ready()) {
    try {
      const version = fs.readdirSync('/etc/postgresql')[0];
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
        stdio: 'ignore',
      });
    } catch {
      return undefined;
    }
    for (let i = 0; i < 30 && !ready(); i++) execFileSync('sleep', ['1']);
  }
  return ready() ? url : undefined;
}

/** nginx with sendfile serving `root` on `port`, pinned to a core: the reference for segments. */
export function startNginx(work, root, port, core = 0) {
  const dir = path.join(work, 'nginx');
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { video/mp4 mp4 m4s; application/vnd.apple.mpegurl m3u8; }
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server { listen 127.0.0.1:${port}; root ${root}; }
}
`,
  );
  return startPinned(core, 'nginx', ['-c', conf, '-p', dir]);
}
