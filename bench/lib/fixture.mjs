// The benchmark's data, made through the built server itself (in this process, with app.inject): a catalogue
// of 24 published titles, a signed-in viewer on a trial, one transcoded feature with 6 s fMP4 segments, and
// for the dashboard 100,000 users, 1,000,000 playback rows and 100,000 payments.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serverDist } from './tools.mjs';

const GENRES = ['Thriller', 'Crime', 'Drama', 'Mystery', 'Comedy', 'Animation', 'Sci-Fi', 'Action'];
const COLLECTIONS = ['hollywood_movies', 'salomtv_special', 'america_tv_shows'];
const AGE = ['All', '7+', '13+', '16+', '18+'];

/** Starts the built app in this process on the given settings (nothing listens: calls go through inject). */
export async function openApp(root, env) {
  const dist = serverDist(root);
  const { loadConfig } = await import(path.join(dist, 'config.js'));
  const { buildApp } = await import(path.join(dist, 'app.js'));
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env });
  const app = await buildApp(config);
  await app.ready();
  return app;
}

// What Chromium sends with every fetch: the API may answer compressed, as it does for the viewer's browser.
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The settings every bench server starts with: its data in `work/data`, the web app built into `webDist`. */
export function benchServerEnv(work, webDist) {
  return {
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    STREAM_SIGNING_SECRET: 'bench-stream-signing-secret-0123456789abcdef',
    WEB_DIST: webDist,
  };
}

/** A `Cookie` header from the cookies a client keeps. */
function cookieHeader(cookies) {
  return Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** A client over fetch to a running server that keeps cookies and sends the CSRF header, like the web app. */
export class HttpClient {
  constructor(base) {
    this.base = base;
    this.cookies = {};
  }
  get cookieHeader() {
    return cookieHeader(this.cookies);
  }
  /** The answer; throws on any status from 300 up. */
  async call(method, url, body, headers = {}) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      body,
      headers: {
        cookie: this.cookieHeader,
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-xsrf-token': this.cookies['XSRF-TOKEN'] } : {}),
        ...headers,
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies[pair.slice(0, at)] = pair.slice(at + 1);
    }
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  }
  async signIn(phone, password) {
    await this.call('GET', '/api/csrf');
    await this.call('POST', '/api/user/login', JSON.stringify({ phone_number: phone, password }), {
      'content-type': 'application/json',
    });
  }
}

/** A client over app.inject that keeps cookies and sends the CSRF header, like the web app. */
export class Client {
  constructor(app) {
    this.app = app;
    this.cookies = {};
  }
  get cookieHeader() {
    return cookieHeader(this.cookies);
  }
  async request(method, url, { json, payload, headers = {} } = {}) {
    const response = await this.app.inject({
      method,
      url,
      headers: {
        cookie: this.cookieHeader,
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-xsrf-token': this.cookies['XSRF-TOKEN'] } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: json !== undefined ? JSON.stringify(json) : payload,
    });
    for (const cookie of response.cookies) this.cookies[cookie.name] = cookie.value;
    return response;
  }
  async ok(method, url, options) {
    const response = await this.request(method, url, options);
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response;
  }
  async signIn(phone, password) {
    await this.request('GET', '/api/csrf');
    await this.ok('POST', '/api/user/login', { json: { phone_number: phone, password } });
  }
}

function multipart(fields) {
  const boundary = `----bench${Date.now()}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const ADMIN_PHONE = '+998900000001';
export const ADMIN_PASSWORD = 'bench-admin-pass';
export const VIEWER_PHONE = '+998901234567';
export const VIEWER_PASSWORD = 'bench-viewer-pass';

/**
 * 24 published titles (one with a real transcoded video) and a viewer on a trial; answers the viewer's cookie and
 * a second sign-in of the same account on its kids profile.
 */
export async function seedCatalogue(app, { root, ffmpeg, work, withVideo }) {
  const admin = new Client(app);
  await admin.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
  const existing = (await admin.ok('GET', '/api/catalog/list?page=1&pageSize=48')).json();
  let featureId = existing.items.find((item) => item.title === 'Bench Feature 1')?.movie_id;
  if (existing.total < 24) {
    for (let i = 1; i <= 24; i++) {
      const { movie_id } = (await admin.ok('POST', '/api/movie/create')).json();
      await admin.ok('POST', '/api/movie/details', {
        json: {
          movie_id,
          title: `Bench Feature ${i}`,
          kind: i % 5 === 0 ? 'series' : 'movie',
          genres: [GENRES[i % GENRES.length], GENRES[(i + 3) % GENRES.length]],
          cast: [`Actor ${i}`, `Actress ${i}`],
          featured: i <= 6,
          age_rating: AGE[i % AGE.length],
          collections: [COLLECTIONS[i % COLLECTIONS.length]],
          description: `<p>Title number ${i} of the benchmark catalogue.</p>`,
          ...(i > 21 ? { release_date: '2099-01-01' } : {}),
        },
      });
      // Listed without a video (the API publishes only a playable title): the catalogue rows measure cards.
      await app.container.repos.titles.update(movie_id, { status: 'published' });
      if (i === 1) featureId = movie_id;
    }
  }
  if (withVideo) {
    const assets = await app.container.database.db
      .selectFrom('media_assets')
      .select(['asset_id', 'status'])
      .where('movie_id', '=', featureId)
      .execute()
      .catch(() => []);
    if (!assets.some((a) => a.status === 'ready')) {
      const clip = path.join(work, 'feature-source.mp4');
      if (!fs.existsSync(clip)) makeClip(ffmpeg, clip, { seconds: 36, width: 1280, height: 720 });
      const form = multipart({
        movie_id: String(featureId),
        file: { filename: 'feature.mp4', contentType: 'video/mp4', data: fs.readFileSync(clip) },
      });
      await admin.ok('POST', '/api/movie/add', form);
      await waitForJobs(app, 600_000);
    }
  }

  const viewer = new Client(app);
  const users = app.container.database.db;
  const found = await users
    .selectFrom('users')
    .select('user_id')
    .where('phone_number', '=', VIEWER_PHONE)
    .executeTakeFirst();
  if (!found) {
    const { hashPassword } = await import(path.join(serverDist(root), 'lib/passwords.js'));
    const now = new Date().toISOString();
    await app.container.repos.users.insert({
      phone_number: VIEWER_PHONE,
      password_hash: await hashPassword(VIEWER_PASSWORD),
      role: 'user',
      status: 'active',
      verified: 1,
      created_at: now,
      updated_at: now,
    });
  }
  const trialEnds = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await users
    .updateTable('users')
    .set({ trial_ends_at: trialEnds })
    .where('phone_number', '=', VIEWER_PHONE)
    .execute();
  await viewer.signIn(VIEWER_PHONE, VIEWER_PASSWORD);
  // The same household's kids profile, on a sign-in of its own: its home rows are cut at its maturity level.
  const kid = new Client(app);
  await kid.signIn(VIEWER_PHONE, VIEWER_PASSWORD);
  const household = (await kid.ok('GET', '/api/profiles')).json();
  const kidsProfile =
    household.profiles.find((profile) => profile.kids) ??
    (await kid.ok('POST', '/api/profiles', { json: { name: 'Bench Kid', kids: true } })).json();
  await kid.ok('POST', '/api/profiles/select', { json: { profile_id: kidsProfile.profile_id } });
  return { viewer, kid, admin, featureId };
}

export function makeClip(ffmpeg, file, { seconds, width, height }) {
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '1500k',
    '-maxrate',
    '1500k',
    '-bufsize',
    '3000k',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    '-shortest',
    file,
  ]);
}

export async function waitForJobs(app, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const open = await app.container.database.db
      .selectFrom('media_jobs')
      .select(['job_id', 'status'])
      .where('status', 'in', ['queued', 'running'])
      .execute();
    if (open.length === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the transcode did not finish in time');
}

/**
 * A playback session of the feature for the viewer (as the player starts one), and the signed addresses it holds:
 * the feature's first full 720p (or best) segment and its variant playlist. Every request to them checks the
 * session, so the rows that fetch them measure that check too.
 */
export async function segmentAddresses(root, viewer, movieId) {
  const { parseVariantPlaylist } = await import(path.join(serverDist(root), 'lib/hls.js'));
  // A bench run shortly before on this data folder left its playback session live (90 s of silence end it): the
  // viewer stops it, as a viewer over the plan's stream limit does, so runs in a row never meet that limit.
  for (const { playback_id } of (await viewer.ok('GET', '/api/playback/active')).json().items)
    await viewer.ok('POST', `/api/playback/${playback_id}/stop`);
  const playback = (await viewer.ok('POST', '/api/playback/start', { json: { movie_id: movieId } })).json();
  const masterUrl = `/api/stream/${movieId}/master.m3u8?playback=${playback.playback_id}`;
  const master = (await viewer.ok('GET', masterUrl)).body.split('\n');
  // The variant line follows its #EXT-X-STREAM-INF line; take 720p, else the last (best) one.
  const at720 = master.findIndex((line) => line.includes('RESOLUTION=') && line.includes('x720'));
  const variants = master.filter((line) => line && !line.startsWith('#'));
  const variant = at720 >= 0 ? master[at720 + 1] : variants[variants.length - 1];
  const info = master[master.indexOf(variant) - 1] ?? '';
  const height = Number(/RESOLUTION=\d+x(\d+)/.exec(info)?.[1]);
  const parsed = parseVariantPlaylist((await viewer.ok('GET', variant)).body).segments;
  const segments = parsed.map((s) => s.uri);
  // The first full 6 s segment (the first ones are shorter: START_SEGMENT_ENDS in the ladder).
  const segment = parsed.find((s) => s.duration >= 5.9)?.uri ?? segments[0];
  // The same segment's file under the media folder, for nginx.
  const asset = await viewer.app.container.database.db
    .selectFrom('media_assets')
    .select('hls_key')
    .where('movie_id', '=', movieId)
    .where('kind', '=', 'video')
    .where('status', '=', 'ready')
    .executeTakeFirstOrThrow();
  const file = `${asset.hls_key}/${height}p/${segment.split('/').pop()}`;
  // The sound is its own rendition (HLS alternate audio): its first full 6 s segment, and its file for nginx.
  const audioLine = master.find(
    (line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO') && line.includes('DEFAULT=YES'),
  );
  const audioVariant = /URI="([^"]+)"/.exec(audioLine ?? '')?.[1];
  if (!audioVariant) throw new Error('the bench feature has no audio track');
  const audioParsed = parseVariantPlaylist((await viewer.ok('GET', audioVariant)).body).segments;
  const audioSegment = (audioParsed.find((s) => s.duration >= 5.9) ?? audioParsed[0]).uri;
  const track = await viewer.app.container.database.db
    .selectFrom('audio_tracks')
    .select('hls_key')
    .where('movie_id', '=', movieId)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const audioFile = `${track.hls_key}/2ch/${audioSegment.split('/').pop()}`;
  return {
    master: masterUrl,
    variant,
    segment,
    segments,
    file,
    audioSegment,
    audioFile,
    playback: {
      id: playback.playback_id,
      heartbeatSeconds: playback.heartbeat_seconds,
      cookie: viewer.cookieHeader,
      xsrf: viewer.cookies['XSRF-TOKEN'],
    },
  };
}

/** The heartbeats of `holdPlayback`, in a worker of their own. */
const HEARTBEATS = `
const { workerData: { url, headers, everyMs } } = require('node:worker_threads');
setInterval(() => {
  fetch(url, { method: 'POST', headers })
    .then(async (response) => {
      if (!response.ok) console.warn(\`  the bench playback session: heartbeat \${response.status} \${await response.text()}\`);
    })
    .catch((error) => console.warn(\`  the bench playback session: \${error.message}\`));
}, everyMs);
`;

/**
 * Keeps the bench viewer's playback session live on a running server, as the player does: a heartbeat now (it
 * also brings back a session that went silent between rows) and every `heartbeatSeconds`. The later beats run in
 * a worker thread, because wrk runs synchronously in this one and would hold them for a whole row. Answers the stop.
 */
export async function holdPlayback(base, { id, heartbeatSeconds, cookie, xsrf }) {
  const url = `${base}/api/playback/${id}/heartbeat`;
  const headers = { cookie, 'x-xsrf-token': xsrf };
  const response = await fetch(url, { method: 'POST', headers });
  if (!response.ok) throw new Error(`heartbeat: ${response.status} ${await response.text()}`);
  const worker = new Worker(HEARTBEATS, {
    eval: true,
    workerData: { url, headers, everyMs: heartbeatSeconds * 1000 },
  });
  worker.unref();
  return () => worker.terminate();
}
