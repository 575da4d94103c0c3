import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AudioTrack, Movie } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../../test/harness.js';
import {
  binaries,
  makeDubbedClip,
  makeSound,
  mediaEnv,
  startPlayback,
  trialViewer,
  tusUpload,
  waitForJobs,
} from '../../../test/media-kit.js';

/** The master's audio renditions: name, language, default, channels and address. */
function audioOf(master: string) {
  return master
    .split('\n')
    .filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'))
    .map((line) => ({
      name: /NAME="([^"]*)"/.exec(line)![1]!,
      language: /LANGUAGE="([^"]*)"/.exec(line)![1]!,
      isDefault: line.includes('DEFAULT=YES'),
      channels: Number(/CHANNELS="(\d+)"/.exec(line)![1]),
      uri: /URI="([^"]+)"/.exec(line)![1]!,
    }));
}

const defaultOf = (master: string) => audioOf(master).find((track) => track.isDefault)?.name;

/** ffprobe's streams of a file. */
async function streamsOf(file: string): Promise<{ codec_type: string; channels?: number }[]> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { ffprobe } = await binaries();
  const { stdout } = await promisify(execFile)(ffprobe.path, [
    '-v',
    'error',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  return (JSON.parse(stdout) as { streams: { codec_type: string; channels?: number }[] }).streams;
}

/** Fetches a variant's init and first segment through their signed addresses and writes them as one file. */
async function firstMedia(client: TestClient, variantUrl: string, file: string) {
  const playlist = await client.get(variantUrl);
  expect(playlist.statusCode).toBe(200);
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)![1]!;
  const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#'))!;
  const parts = [await client.get(init), await client.get(segment)];
  for (const part of parts) expect(part.statusCode).toBe(200);
  fs.writeFileSync(file, Buffer.concat(parts.map((part) => part.rawPayload)));
  return { contentType: parts[1]!.headers['content-type'], segment };
}

describe('audio tracks: streams of the video, uploaded dubs, the default per viewer', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  let clips: string;
  let movieId: number;
  let movie: Movie;
  const tracks = () => movie.audio_tracks;
  const track = (language: string) => tracks().find((candidate) => candidate.language === language)!;

  const refresh = async () => {
    movie = (await admin.get(`/api/movie/${movieId}`)).json() as Movie;
    return movie;
  };
  /** The master as `client` gets it with `query`; its playback session is stopped unless `keep`. */
  const masterFor = async (client: TestClient, query: string, keep = false) => {
    const playback = await startPlayback(client, movieId);
    const response = await client.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}${query}`);
    expect(response.statusCode).toBe(200);
    if (!keep) await client.post(`/api/playback/${playback}/stop`);
    return { master: response.body, playback };
  };

  /** Replaces the title's video with a clip of `seconds` speaking English and Russian, transcoded. */
  const replaceVideo = async (name: string, seconds: number) => {
    const clip = await makeDubbedClip(
      clips,
      name,
      [
        { language: 'eng', frequency: 440 },
        { language: 'rus', frequency: 550 },
      ],
      seconds,
    );
    const upload = await admin.postForm('/api/movie/add', {
      file: { filename: `${name}.mp4`, contentType: 'video/mp4', data: clip },
      movie_id: String(movieId),
    });
    expect(upload.statusCode).toBe(200);
    await waitForJobs(t.app);
    await refresh();
  };

  beforeAll(async () => {
    t = await createTestApp({
      ...mediaEnv(),
      WORKER_POLL_MS: '50',
      JOB_RETRY_BASE_SECONDS: '0',
      JOB_MAX_ATTEMPTS: '1',
    });
    admin = await signedInAdmin(t.app);
    viewer = await trialViewer(t.app, '+998901250001');
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-audio-'));
    movieId = (await admin.post('/api/movie/create')).json().movie_id;
    await admin.post('/api/movie/details', { movie_id: movieId, title: 'Samarkand', status: '' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  it('refuses an audio track before the title has a video to match it to', async () => {
    const sound = await makeSound(clips, 'early', 'm4a', 2);
    const response = await admin.postForm('/api/movie/audio', {
      file: { filename: 'early.m4a', contentType: 'audio/mp4', data: sound },
      movie_id: String(movieId),
      language: 'uz',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Upload the video first/);
  });

  it('makes each audio stream of the video a track, in stereo and in 5.1 where it has six channels', async () => {
    const clip = await makeDubbedClip(clips, 'dubbed', [
      { language: 'eng', frequency: 440 },
      { language: 'rus', frequency: 550, channels: 6 },
    ]);
    const upload = await admin.postForm('/api/movie/add', {
      file: { filename: 'dubbed.mp4', contentType: 'video/mp4', data: clip },
      movie_id: String(movieId),
    });
    expect(upload.statusCode).toBe(200);
    await waitForJobs(t.app);
    const published = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Samarkand',
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    await refresh();
    expect(movie.video?.status).toBe('ready');
    expect(tracks()).toMatchObject([
      {
        language: 'en',
        label: 'Original',
        is_default: true,
        source: 'stream',
        status: 'ready',
        channels: [2],
      },
      {
        language: 'ru',
        label: 'Русский',
        is_default: false,
        source: 'stream',
        status: 'ready',
        channels: [2, 6],
      },
    ]);
  });

  it('takes a dub as a resumable upload, checked by content and by length, and encodes it once', async () => {
    const sources = () => fs.readdirSync(path.join(t.dataDir, 'media', 'sources')).length;
    const before = sources();
    const text = await admin.postForm('/api/movie/audio', {
      file: { filename: 'notes.mp3', contentType: 'audio/mpeg', data: Buffer.from('not a sound at all') },
      movie_id: String(movieId),
      language: 'uz',
    });
    expect(text.statusCode).toBe(415);
    const long = await makeSound(clips, 'long', 'mp3', 6);
    const tooLong = await admin.postForm('/api/movie/audio', {
      file: { filename: 'long.mp3', contentType: 'audio/mpeg', data: long },
      movie_id: String(movieId),
      language: 'uz',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.file).toMatch(/must match within 2 s/);
    expect(sources()).toBe(before);
    expect((await refresh()).audio_tracks).toHaveLength(2);

    const dub = await makeSound(clips, 'uzbek', 'flac', 2.5);
    const { create, last } = await tusUpload(
      admin,
      dub,
      {
        movie_id: String(movieId),
        kind: 'audio',
        language: 'uz',
        label: "O'zbekcha dublyaj",
        filename: 'uz.flac',
      },
      Math.ceil(dub.length / 2),
    );
    expect(create.statusCode).toBe(201);
    expect(last?.statusCode).toBe(204);
    await waitForJobs(t.app);
    await refresh();
    expect(track('uz')).toMatchObject({
      label: "O'zbekcha dublyaj",
      source: 'file',
      original_name: 'uz.flac',
      status: 'ready',
      channels: [2],
      is_default: false,
    });
    expect(sources()).toBe(before + 1);
  });

  it("lists every track in the master, with the viewer's display language first, else the original", async () => {
    const urdu = (await masterFor(viewer, '&lang=Ur')).master;
    expect(audioOf(urdu).map(({ name, language, channels }) => ({ name, language, channels }))).toEqual([
      { name: 'Original', language: 'en', channels: 2 },
      { name: 'Русский', language: 'ru', channels: 2 },
      { name: 'Русский 5.1', language: 'ru', channels: 6 },
      { name: "O'zbekcha dublyaj", language: 'uz', channels: 2 },
    ]);
    expect(defaultOf(urdu)).toBe('Original');
    expect(urdu).toMatch(/#EXT-X-STREAM-INF:.*CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2".*AUDIO="audio"/);
    expect(defaultOf((await masterFor(viewer, '&lang=Ru')).master)).toBe('Русский');
    expect(defaultOf((await masterFor(viewer, '&lang=Uz')).master)).toBe("O'zbekcha dublyaj");
    expect(defaultOf((await masterFor(viewer, '')).master)).toBe('Original');
  });

  it("starts with the viewer's track in start.json and start.mp4, as the player asks at once", async () => {
    const playback = await startPlayback(viewer, movieId);
    const query = `?playback=${playback}&lang=Uz`;
    const start = (await viewer.get(`/api/stream/${movieId}/start.json${query}`)).json();
    expect(start.audio.rendition).toBe(`a${track('uz').track_id}c2`);
    expect(audioOf(start.master).find((entry) => entry.isDefault)?.uri).toBe(start.audio.uri);
    expect(start.audio.playlist).toMatch(/#EXT-X-MAP:URI="\/api\/stream\/s\/[^"]+\/init\.mp4"/);
    const media = await viewer.get(`/api/stream/${movieId}/start.mp4${query}`);
    expect(media.statusCode).toBe(200);
    const header = (name: string) => String(media.headers[name]);
    expect(header('x-audio-rendition')).toBe(start.audio.rendition);
    expect(header('x-audio-segment')).toBe('seg_00000.m4s');
    const soundAt = Number(header('x-init-length')) + Number(header('x-segment-length'));
    const sound = media.rawPayload.subarray(soundAt);
    // The sound's part is the same bytes as its init and first segment by their own addresses.
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(start.audio.playlist)![1]!;
    const first = start.audio.playlist.split('\n').find((line: string) => line.startsWith('/api/stream/s/'))!;
    const byAddress = Buffer.concat([
      (await viewer.get(init)).rawPayload,
      (await viewer.get(first)).rawPayload,
    ]);
    expect(sound.equals(byAddress)).toBe(true);
    expect(Number(header('x-audio-init-length'))).toBe((await viewer.get(init)).rawPayload.length);
    await viewer.post(`/api/playback/${playback}/stop`);
  });

  it('streams the picture without sound and each track once, signed and bound to the playback session', async () => {
    const { master, playback } = await masterFor(viewer, '&lang=Uz', true);
    const stranger = await trialViewer(t.app, '+998901250002');
    const picture = master.split('\n').find((line) => line.startsWith('/api/stream/s/'))!;
    await firstMedia(viewer, picture, path.join(clips, 'picture.mp4'));
    expect((await streamsOf(path.join(clips, 'picture.mp4'))).map((s) => s.codec_type)).toEqual(['video']);

    for (const [name, channels] of [
      ["O'zbekcha dublyaj", 2],
      ['Русский 5.1', 6],
    ] as const) {
      const uri = audioOf(master).find((entry) => entry.name === name)!.uri;
      const file = path.join(clips, `${channels}.mp4`);
      const { contentType, segment } = await firstMedia(viewer, uri, file);
      expect(contentType).toBe('audio/mp4');
      expect(await streamsOf(file)).toMatchObject([{ codec_type: 'audio', channels }]);
      // Another account cannot use the address; a stopped session ends it.
      expect((await stranger.get(segment)).statusCode).toBe(403);
      if (channels === 6) {
        await viewer.post(`/api/playback/${playback}/stop`);
        expect((await viewer.get(segment)).statusCode).toBe(409);
      }
    }
  });

  it("remembers the viewer's choice for the title, over their display language", async () => {
    const signedOut = new (await import('../../../test/harness.js')).TestClient(t.app);
    expect(
      (await signedOut.post('/api/playback/audio', { movie_id: movieId, language: 'uz' })).statusCode,
    ).toBe(401);
    expect(
      (await viewer.post('/api/playback/audio', { movie_id: movieId, language: 'uz' }, { csrf: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await viewer.post('/api/playback/audio', { movie_id: movieId, language: '../x' })).statusCode,
    ).toBe(400);
    expect((await viewer.post('/api/playback/audio', { movie_id: 999_999, language: 'uz' })).statusCode).toBe(
      404,
    );
    expect((await viewer.post('/api/playback/audio', { movie_id: movieId, language: 'uz' })).statusCode).toBe(
      204,
    );
    expect(defaultOf((await masterFor(viewer, '&lang=Ru')).master)).toBe("O'zbekcha dublyaj");
    // Another viewer's default is still their own language.
    const other = await trialViewer(t.app, '+998901250003');
    expect(defaultOf((await masterFor(other, '&lang=Ru')).master)).toBe('Русский');
  });

  it('starts each profile on its own choice, else its audio preference, else the display language', async () => {
    const household = await trialViewer(t.app, '+998901250004');
    const made = await household.post('/api/profiles', { name: 'Grandma', audio_language: 'Ru' });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await household.post('/api/playback/audio', { movie_id: movieId, language: 'uz' })).statusCode,
    ).toBe(204);
    expect(defaultOf((await masterFor(household, '&lang=Ur')).master)).toBe("O'zbekcha dublyaj");
    expect(
      (await household.post('/api/profiles/select', { profile_id: made.json().profile_id })).statusCode,
    ).toBe(200);
    // Her profile never chose for this title: her preference (Russian) comes before the display language.
    expect(defaultOf((await masterFor(household, '&lang=Ur')).master)).toBe('Русский');
  });

  it('lets an admin relabel, reorder, change the original and delete tracks (and only an admin)', async () => {
    const russian = track('ru').track_id;
    const uzbek = track('uz');
    expect((await viewer.post('/api/movie/audio/update', { track_id: russian, label: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await admin.post('/api/movie/audio/update', { track_id: russian, language: 'xx-nope' })).statusCode,
    ).toBe(400);
    expect((await admin.post('/api/movie/audio/update', { track_id: russian })).statusCode).toBe(400);
    expect((await admin.post('/api/movie/audio/update', { track_id: 999_999, label: 'x' })).statusCode).toBe(
      404,
    );

    const relabelled = await admin.post('/api/movie/audio/update', {
      track_id: russian,
      label: 'Русский дубляж',
      is_default: true,
    });
    expect(relabelled.statusCode).toBe(200);
    movie = relabelled.json();
    expect(
      tracks()
        .filter((candidate) => candidate.is_default)
        .map((candidate) => candidate.label),
    ).toEqual(['Русский дубляж']);

    const ids = tracks().map((candidate) => candidate.track_id);
    const partial = await admin.post('/api/movie/audio/order', {
      movie_id: movieId,
      track_ids: ids.slice(1),
    });
    expect(partial.statusCode).toBe(400);
    const reordered = await admin.post('/api/movie/audio/order', {
      movie_id: movieId,
      track_ids: [...ids].reverse(),
    });
    expect(reordered.statusCode).toBe(200);
    movie = reordered.json();
    expect(tracks().map((candidate: AudioTrack) => candidate.track_id)).toEqual([...ids].reverse());

    const folder = (await t.app.container.database.db
      .selectFrom('audio_tracks')
      .select(['hls_key', 'source_key'])
      .where('track_id', '=', uzbek.track_id)
      .executeTakeFirstOrThrow()) as { hls_key: string; source_key: string };
    const media = (key: string) => path.join(t.dataDir, 'media', key);
    expect(fs.existsSync(media(folder.hls_key))).toBe(true);
    const removed = await admin.post('/api/movie/audio/delete', { track_id: uzbek.track_id });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Movie).audio_tracks.map((candidate) => candidate.language)).toEqual([
      'ru',
      'en',
    ]);
    expect(fs.existsSync(media(folder.hls_key))).toBe(false);
    expect(fs.existsSync(media(folder.source_key))).toBe(false);

    const audit = await t.app.container.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', '%audio%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(
      ['add_audio_track', 'delete_audio_track', 'order_audio_tracks', 'update_audio_track'].sort(),
    );
  });

  it("keeps a trailer's sound in its renditions, for everyone, and makes no track of it", async () => {
    const clip = await makeDubbedClip(clips, 'trailer', [
      { language: 'eng', frequency: 440 },
      { language: 'rus', frequency: 550 },
    ]);
    const before = (await refresh()).audio_tracks.map((candidate) => candidate.track_id);
    const upload = await admin.postForm('/api/movie/trailer', {
      file: { filename: 'trailer.mp4', contentType: 'video/mp4', data: clip },
      movie_id: String(movieId),
    });
    expect(upload.statusCode).toBe(200);
    await waitForJobs(t.app);
    expect((await refresh()).audio_tracks.map((candidate) => candidate.track_id)).toEqual(before);
    const signedOut = new (await import('../../../test/harness.js')).TestClient(t.app);
    const master = await signedOut.get(`/api/stream/${movieId}/master.m3u8?asset=trailer`);
    expect(master.statusCode).toBe(200);
    expect(audioOf(master.body)).toEqual([]);
    expect(master.body).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
    const variant = master.body.split('\n').find((line) => line.startsWith('/api/stream/s/'))!;
    await firstMedia(signedOut, variant, path.join(clips, 'trailer-played.mp4'));
    expect((await streamsOf(path.join(clips, 'trailer-played.mp4'))).map((s) => s.codec_type).sort()).toEqual(
      ['audio', 'video'],
    );
  });

  it("keeps the admin's labels and order when the video is replaced", async () => {
    await replaceVideo('dubbed-again', 2);
    expect(tracks()).toMatchObject([
      { language: 'ru', label: 'Русский дубляж', is_default: true, channels: [2] },
      { language: 'en', label: 'Original', is_default: false, channels: [2] },
    ]);
  });

  it('takes a dub off the player when the video it was matched to is replaced by one of another length', async () => {
    const dub = await makeSound(clips, 'uzbek-again', 'mp3', 2);
    const added = await admin.postForm('/api/movie/audio', {
      file: { filename: 'uz.mp3', contentType: 'audio/mpeg', data: dub },
      movie_id: String(movieId),
      language: 'uz',
      label: "O'zbekcha",
    });
    expect(added.statusCode, added.body).toBe(200);
    await waitForJobs(t.app);
    await refresh();
    expect(track('uz')).toMatchObject({ status: 'ready', source: 'file' });
    const chosen = await admin.post('/api/movie/audio/update', {
      track_id: track('uz').track_id,
      is_default: true,
    });
    expect(chosen.statusCode).toBe(200);
    expect(defaultOf((await masterFor(viewer, '')).master)).toBe("O'zbekcha");

    await replaceVideo('longer-cut', 6);
    expect(track('uz').status).toBe('failed');
    expect(track('uz').error).toMatch(
      /^The video was replaced\. The sound lasts 2\.\d s and the video 6\.\d s/,
    );
    // The video's first sound becomes the original in its place.
    expect(tracks().filter((candidate) => candidate.is_default)).toMatchObject([
      { language: 'en', status: 'ready' },
    ]);
    expect(track('uz').is_default).toBe(false);
    const languages = audioOf((await masterFor(viewer, '&lang=Uz')).master).map((audio) => audio.language);
    expect(languages).not.toContain('uz');
    expect(languages).toEqual(expect.arrayContaining(['ru', 'en']));
  });

  it("gives each episode of a serial its own tracks, with the title's remembered language", async () => {
    const serial = (await admin.post('/api/movie/create')).json().movie_id as number;
    await admin.post('/api/movie/details', {
      movie_id: serial,
      title: 'Silk Road',
      kind: 'series',
      status: '',
    });
    const withEpisode = await admin.post('/api/movie/episode', {
      movie_id: serial,
      season_number: 1,
      title: 'Pilot',
    });
    expect(withEpisode.statusCode).toBe(200);
    const episodeId = (withEpisode.json() as Movie).seasons[0]!.episodes[0]!.episode_id;
    const clip = await makeDubbedClip(clips, 'episode', [
      { language: 'uzb', frequency: 440 },
      { language: 'rus', frequency: 550 },
    ]);
    const upload = await admin.postForm('/api/movie/add', {
      file: { filename: 'episode.mp4', contentType: 'video/mp4', data: clip },
      movie_id: String(serial),
      episode_id: String(episodeId),
    });
    expect(upload.statusCode).toBe(200);
    await waitForJobs(t.app);
    const record = (await admin.get(`/api/movie/${serial}`)).json() as Movie;
    expect(record.audio_tracks).toMatchObject([
      { episode_id: episodeId, language: 'uz', label: 'Original', is_default: true },
      { episode_id: episodeId, language: 'ru', label: 'Русский', is_default: false },
    ]);
    expect((await admin.post('/api/playback/audio', { movie_id: serial, language: 'ru' })).statusCode).toBe(
      204,
    );
    const playback = await startPlayback(admin, serial);
    const master = await admin.get(
      `/api/stream/${serial}/episodes/${episodeId}/master.m3u8?playback=${playback}&lang=Uz`,
    );
    expect(master.statusCode).toBe(200);
    expect(defaultOf(master.body)).toBe('Русский');
  });
});
