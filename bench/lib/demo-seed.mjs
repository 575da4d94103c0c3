// The first start's demo catalogue (README, "Demo catalogue"): the server as `npm start` starts it, on an empty
// DATA_DIR with SEED_DEMO=true, both cores (as a fresh install has them). From the first answer of /api/health:
// when the home page's hero title can play, and when every demo job (art, films, transcodes) is done.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, stop, waitForHttp } from './tools.mjs';

const BUDGET = { firstPlayable: 60, allDone: 300 };

/** The job table's counts by status, read beside the running server (WAL: readers never block it). */
function jobCounts(root, file) {
  const Database = createRequire(path.join(root, 'apps/server/package.json'))('better-sqlite3');
  if (!fs.existsSync(file)) return undefined;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select kind, status, count(*) as n from media_jobs group by kind, status').all();
    const count = (status) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
    // Seconds each kind of demo job took in all (art, features, episodes, trailers).
    const spent = {};
    const timed = db
      .prepare(
        `select j.kind, a.generator, j.started_at, j.finished_at from media_jobs j
         left join media_assets a on j.kind = 'transcode' and a.asset_id = j.target_id
         where j.status = 'done' and j.started_at is not null and j.finished_at is not null`,
      )
      .all();
    for (const job of timed) {
      const kind = job.kind === 'demo_art' ? 'art' : (JSON.parse(job.generator ?? '{}').kind ?? 'upload');
      const seconds = (Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000;
      spent[kind] = {
        jobs: (spent[kind]?.jobs ?? 0) + 1,
        seconds: Math.round((spent[kind]?.seconds ?? 0) + seconds),
      };
    }
    return {
      total: rows.reduce((sum, r) => sum + r.n, 0),
      done: count('done'),
      failed: count('failed'),
      spent,
    };
  } finally {
    db.close();
  }
}

/**
 * CPU seconds the server and the ffmpegs it waited for have used (Linux /proc; utime, stime, cutime, cstime):
 * the work itself, whatever share of the cores the machine's load left it. Undefined elsewhere.
 */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

async function heroOf(base) {
  const response = await fetch(`${base}/api/catalog/rows`).catch(() => undefined);
  if (!response?.ok) return undefined;
  const { rows } = await response.json();
  const row = rows.find((r) => r.id === 'featured' && r.items.length) ?? rows.find((r) => r.items.length);
  return row?.items[0];
}

/** One fresh start; answers seconds from the first health answer, and the machine's load around the run. */
export async function measureDemoSeed({ root, serverArgs, work, webDist, timeoutMs = 900_000 }) {
  const dataDir = path.join(work, 'demo-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loadBefore = os.loadavg();
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp(`${base}/api/health`, 120_000);
    const answered = Date.now();
    const since = () => (Date.now() - answered) / 1000;
    const figures = {
      heroTitle: undefined,
      heroArt: undefined,
      firstPlayable: undefined,
      allDone: undefined,
    };
    let jobs;
    while (since() * 1000 < timeoutMs) {
      const hero = await heroOf(base);
      if (hero) figures.heroTitle = hero.title;
      if (hero?.banner && figures.heroArt === undefined) figures.heroArt = since();
      if (hero?.playable && figures.firstPlayable === undefined) figures.firstPlayable = since();
      jobs = jobCounts(root, path.join(dataDir, 'salomtv.sqlite'));
      if (jobs && jobs.total > 0 && jobs.done + jobs.failed === jobs.total) {
        figures.allDone = since();
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return {
      ...figures,
      jobs,
      cpuSeconds: cpuSeconds(child.pid),
      loadBefore,
      loadAfter: os.loadavg(),
      cores: os.cpus().length,
    };
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's row: both figures against their budgets. */
export function demoSeedRow(result) {
  const load = (l) => l.map((x) => x.toFixed(1)).join('/');
  const met =
    result.firstPlayable !== undefined &&
    result.allDone !== undefined &&
    result.firstPlayable <= BUDGET.firstPlayable &&
    result.allDone <= BUDGET.allDone &&
    result.jobs?.failed === 0;
  const seconds = (value) => (value === undefined ? 'not reached' : `${value.toFixed(0)} s`);
  return {
    name: `demo catalogue on a first start (empty DATA_DIR, ${result.jobs?.total ?? '?'} jobs, load average before ${load(result.loadBefore)}, after ${load(result.loadAfter)})`,
    ours: `hero "${result.heroTitle}" playable after ${seconds(result.firstPlayable)} (its art after ${seconds(result.heroArt)}); all demo jobs done after ${seconds(result.allDone)}, ${result.jobs?.failed ?? '?'} failed; ${result.cpuSeconds === undefined ? '' : `${result.cpuSeconds.toFixed(0)} CPU seconds in all`}`,
    reference: `budget: ${BUDGET.firstPlayable} s and ${BUDGET.allDone} s`,
    ratio: (result.allDone ?? Number.NaN) / BUDGET.allDone,
    goal: `first title playable within ${BUDGET.firstPlayable} s, all jobs within ${BUDGET.allDone} s`,
    met,
  };
}
