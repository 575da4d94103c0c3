import { type StreamStartReply, segmentIndexAt, withinMaturity } from '@salomtv/contract';
import { BoundedMap } from '../../../lib/bounded-map.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, forbidden, notFound, unauthorized } from '../../../lib/errors.js';
import {
  audioLayoutDir,
  type MasterAudio,
  masterPlaylist,
  parseVariantPlaylist,
  rewriteVariant,
  STREAM_FILE,
  SUBTITLE_FILE,
  subtitlePlaylist,
  VARIANT_PLAYLIST,
} from '../../../lib/hls.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import { type LiveSessionReader, onProfile, type SessionUser } from '../../../platform/viewer-session.js';
import type { EpisodeRecords, TitleRecords } from '../../catalog/module.js';
import {
  type AssetRecords,
  type AssetRow,
  type AudioTrackRecords,
  type AudioTrackRow,
  audioRenditionsOf,
  parseList,
  renditionsOf,
  type TitleGate,
} from '../../catalog/module.js';
import type { Entitlement, EntitlementProvider } from './entitlement.js';
import { type StreamSessions, streamRefusal } from './stream-sessions.js';
import { NO_PLAYBACK, type StreamGrant, type StreamSigner } from './url-signer.js';

export const STREAM_BASE = '/api/stream/s';
/** The master playlist behind a cast address (the rendition part of its grant is `m`). */
export const CAST_MASTER = 'master.m3u8';
const CAST_RENDITION = 'm';

/** `cast`: fetched by a cast receiver, a page of another origin, so the answer may be read across origins. */
export type StreamReply =
  | { kind: 'text'; body: string; contentType: string; cacheControl: string; cast: boolean }
  | { kind: 'file'; key: string; contentType: string; cacheControl: string; cast: boolean };

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** Variant playlists kept in memory (a 2-hour title's is about 25 KB). */
const VARIANT_TEXTS_KEPT = 500;
/** Ready audio tracks kept in memory, and for how long (the sound's segment requests would each read one). */
const AUDIO_TRACKS_KEPT = 1000;
const AUDIO_TRACK_KEPT_MS = 5000;

/** A variant (or subtitle) playlist behind a signed address: kept by the player for a few minutes. */
const playlistReply = (body: string, cast: boolean): StreamReply => ({
  kind: 'text',
  body,
  contentType: PLAYLIST_TYPE,
  cacheControl: 'private, max-age=300',
  cast,
});

/** The rendition a player starts on: the one of fewest bits. */
function lowestOf<T>(renditions: readonly T[], bandwidth: (rendition: T) => number): T {
  return renditions.reduce((a, b) => (bandwidth(b) < bandwidth(a) ? b : a));
}

type Kind = 'video' | 'trailer';

/** A rendition's first files for `start.mp4`: the init segment and the segment holding the start position. */
export interface StartFiles {
  initKey: string;
  segmentKey: string;
  segment: string;
}
/** The picture's first files, and the first audio track's (`rendition` as its grants name it) when it has one. */
export interface StartMedia extends StartFiles {
  audio?: StartFiles & { rendition: string };
}

/** The ready tracks of a title or episode, in menu order. */
const readyTracks = (tracks: readonly AudioTrackRow[]) =>
  tracks.filter((track) => track.status === 'ready' && track.hls_key);

/** `a<track>c<channels>`: an audio track's rendition in a stream grant. */
const AUDIO_RENDITION = /^a(\d{1,7})c(\d)$/;
const audioRendition = (trackId: number, channels: number) => `a${trackId}c${channels}`;

/** `Uz`, `uz-Latn-UZ` → `uz`. */
const primaryLanguage = (code: string) => code.split('-')[0]!.toLowerCase();

/**
 * The track a viewer hears first: the language they last chose for the title, else their display language, else
 * the title's original, else the first.
 */
export function defaultAudioTrack<T extends Pick<AudioTrackRow, 'language' | 'is_default'>>(
  tracks: readonly T[],
  chosen: string | undefined,
  display: string | undefined,
): T | undefined {
  const speaking = (code: string | undefined) =>
    code ? tracks.find((track) => primaryLanguage(track.language) === primaryLanguage(code)) : undefined;
  return speaking(chosen) ?? speaking(display) ?? tracks.find((track) => track.is_default === 1) ?? tracks[0];
}

/**
 * Master playlists per viewer, and the signed variant, segment and subtitle addresses behind them. A feature's
 * addresses belong to a live playback session of the viewer (the plan's stream limit is counted when one starts):
 * its id is signed into every address, so a session that was stopped or went silent ends its streams. Admins play
 * features through a session too (the web player starts one for everyone); trailers need none. A cast address
 * works without cookies: the sign-in session that started the playback session stands in for the viewer's.
 */
export class StreamingService {
  constructor(
    private readonly titles: TitleRecords,
    private readonly episodes: EpisodeRecords,
    private readonly assets: AssetRecords,
    private readonly audioTracks: AudioTrackRecords,
    readonly entitlements: EntitlementProvider,
    private readonly sessions: StreamSessions,
    private readonly signer: StreamSigner,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
    /** Live sign-in sessions (the cached reader every signed-in call goes through), for cast addresses. */
    private readonly viewers: LiveSessionReader,
  ) {}

  /**
   * Variant playlists as ffmpeg wrote them, by storage key. Every transcode writes under a new random folder
   * (transcode-handler.ts), so a key's text never changes: every viewer asks for it at each start and seek.
   */
  private readonly variantTexts = new BoundedMap<string, string>(VARIANT_TEXTS_KEPT);

  /**
   * Ready audio tracks by id, each for a few seconds. A ready track's folder never changes under its id (a new
   * encoding writes a new folder and removes the old, whose files then answer 404), so a kept row is never wrong
   * about where its files are; a track deleted meanwhile is refused within AUDIO_TRACK_KEPT_MS.
   */
  private readonly readyTracks = new BoundedMap<number, { track: AudioTrackRow; until: number }>(
    AUDIO_TRACKS_KEPT,
  );

  private async readyTrack(trackId: number, nowMs: number): Promise<AudioTrackRow | undefined> {
    const kept = this.readyTracks.get(trackId);
    if (kept && kept.until > nowMs) return kept.track;
    const track = await this.audioTracks.findTrack(trackId);
    if (track?.status !== 'ready' || !track.hls_key) {
      this.readyTracks.delete(trackId);
      return undefined;
    }
    this.readyTracks.set(trackId, { track, until: nowMs + AUDIO_TRACK_KEPT_MS });
    return track;
  }

  private async variantText(key: string): Promise<string | undefined> {
    const kept = this.variantTexts.get(key);
    if (kept !== undefined) return kept;
    const text = await this.storage.readText(key);
    if (text === undefined) return undefined;
    this.variantTexts.set(key, text);
    return text;
  }

  /** The title's master playlist listing only the renditions this viewer may receive. */
  async master(
    viewer: SessionUser | undefined,
    movieId: number,
    episodeId: number | undefined,
    kind: Kind,
    playbackId: string | undefined,
    lang?: string,
  ): Promise<string> {
    return (await this.signedMaster(viewer, movieId, episodeId, kind, playbackId, false, lang)).text;
  }

  /**
   * The master playlist and the lowest rendition's variant playlist, the one a player starts on: hls.js would
   * ask for them one after the other before the first segment (time to first frame in bench/README.md).
   */
  async start(
    viewer: SessionUser | undefined,
    movieId: number,
    episodeId: number | undefined,
    kind: Kind,
    playbackId: string | undefined,
    lang?: string,
  ): Promise<StreamStartReply> {
    const { text, asset, variants, firstAudio } = await this.signedMaster(
      viewer,
      movieId,
      episodeId,
      kind,
      playbackId,
      false,
      lang,
    );
    const lowest = lowestOf(variants, (variant) => variant.rendition.bandwidth);
    const [playlist, audioPlaylist] = await Promise.all([
      this.variantPlaylist(
        `${asset.hls_key}/${lowest.rendition.height}p`,
        lowest.token,
        asset.kind === 'trailer' ? lowest.expires : undefined,
      ),
      firstAudio ? this.variantPlaylist(firstAudio.folder, firstAudio.token) : undefined,
    ]);
    return {
      master: text,
      first: { uri: lowest.uri, playlist },
      ...(firstAudio && audioPlaylist
        ? { audio: { uri: firstAudio.uri, rendition: firstAudio.name, playlist: audioPlaylist } }
        : {}),
    };
  }

  /**
   * The storage keys of the lowest rendition's init segment and of its segment holding `at`, behind the same
   * checks as the master playlist: `start.mp4` sends both, so a player need not wait for `start.json` to know
   * their addresses (time to first frame in bench/README.md).
   */
  async startMedia(
    viewer: SessionUser | undefined,
    movieId: number,
    episodeId: number | undefined,
    kind: Kind,
    playbackId: string | undefined,
    at: number,
    lang?: string,
  ): Promise<StartMedia> {
    const { asset, renditions } = await this.playable(viewer, movieId, episodeId, kind, playbackId);
    const folder = `${asset.hls_key}/${lowestOf(renditions, (rendition) => rendition.bandwidth).height}p`;
    const tracks =
      asset.kind === 'video' ? readyTracks(await this.audioTracks.listTracks(movieId, episodeId ?? 0)) : [];
    const track = await this.firstTrack(tracks, viewer, movieId, lang);
    const [picture, sound] = await Promise.all([
      this.startFiles(folder, at),
      track ? this.startFiles(`${track.hls_key}/${audioLayoutDir(2)}`, at) : undefined,
    ]);
    return {
      ...picture,
      ...(track && sound ? { audio: { ...sound, rendition: audioRendition(track.track_id, 2) } } : {}),
    };
  }

  /** The keys of a rendition's init segment and of its segment holding `at`. */
  private async startFiles(folder: string, at: number): Promise<StartFiles> {
    const text = await this.variantText(`${folder}/${VARIANT_PLAYLIST}`);
    if (text === undefined) throw notFound('This video is gone');
    const { initUri, segments } = parseVariantPlaylist(text);
    const segment =
      segments[
        segmentIndexAt(
          segments.map((s) => s.duration),
          at,
        )
      ]?.uri;
    // Only the fixed file names of a ladder are ever joined to a key.
    if (!initUri || !segment || !STREAM_FILE.test(initUri) || !STREAM_FILE.test(segment))
      throw notFound('This video is gone');
    return { initKey: `${folder}/${initUri}`, segmentKey: `${folder}/${segment}`, segment };
  }

  /**
   * A master playlist address a cast receiver can play without the viewer's cookies: signed, expiring, for this
   * title's feature (or episode) only, and refused with its playback session (stopped, silent, signed out).
   */
  async castAddress(
    viewer: SessionUser,
    playbackId: string,
    movieId: number,
    episodeId: number | undefined,
  ): Promise<{ url: string; expires_at: string }> {
    const { asset, userId } = await this.playable(viewer, movieId, episodeId, 'video', playbackId);
    const { uri, expires } = this.signed(
      asset.asset_id,
      CAST_RENDITION,
      userId,
      playbackId,
      CAST_MASTER,
      true,
    );
    return { url: uri, expires_at: new Date(expires * 1000).toISOString() };
  }

  /**
   * The title's asset of this kind, the renditions this viewer may receive and the playback the addresses belong
   * to, or the error that says why not.
   */
  private async playable(
    viewer: SessionUser | undefined,
    movieId: number,
    episodeId: number | undefined,
    kind: Kind,
    playbackId: string | undefined,
  ) {
    const title = await this.titles.findById(movieId);
    if (!title || !this.visible(viewer, title)) throw notFound('This title does not exist');
    let assetId: number | null;
    if (episodeId !== undefined) {
      const episode = await this.episodes.findEpisode(episodeId);
      if (!episode || episode.movie_id !== movieId || kind === 'trailer')
        throw notFound('This episode does not exist');
      assetId = episode.video_asset_id;
    } else {
      assetId = kind === 'trailer' ? title.trailer_asset_id : title.video_asset_id;
    }
    const asset = assetId === null ? undefined : await this.assets.findById(assetId);
    if (asset?.status !== 'ready' || !asset.hls_key) {
      throw new AppError(409, 'not_ready', 'This video is not ready to play yet');
    }
    const allowed = await this.check(viewer, title, asset);
    const renditions = renditionsOf(asset).filter((r) => r.height <= allowed.maxHeight);
    if (renditions.length === 0) throw forbidden('Your plan does not include this quality');
    if (asset.kind === 'trailer') return { asset, renditions, userId: 0, playbackId: NO_PLAYBACK };
    // check() let only a signed-in viewer through to a feature.
    const userId = viewer!.user_id;
    const state = playbackId ? await this.sessions.check(playbackId, viewer!, movieId) : 'none';
    if (state !== 'live') throw streamRefusal(state);
    return { asset, renditions, userId, playbackId: playbackId! };
  }

  private async signedMaster(
    viewer: SessionUser | undefined,
    movieId: number,
    episodeId: number | undefined,
    kind: Kind,
    playbackId: string | undefined,
    cast = false,
    lang?: string,
  ) {
    const playable = await this.playable(viewer, movieId, episodeId, kind, playbackId);
    const { asset, renditions } = playable;
    const feature = asset.kind === 'video';
    const [subtitles, tracks] = feature
      ? await Promise.all([
          this.assets.listSubtitles(movieId, episodeId ?? 0),
          this.audioTracks.listTracks(movieId, episodeId ?? 0),
        ])
      : [[], []];
    const sign = (rendition: string) =>
      this.signed(asset.asset_id, rendition, playable.userId, playable.playbackId, VARIANT_PLAYLIST, cast);
    const variants = renditions.map((rendition) => ({ rendition, ...sign(String(rendition.height)) }));
    const ready = readyTracks(tracks);
    const first = await this.firstTrack(ready, viewer, movieId, lang);
    const audio = ready.flatMap((track) =>
      audioRenditionsOf(track).map((rendition) => {
        const name = audioRendition(track.track_id, rendition.channels);
        return {
          language: track.language,
          label:
            rendition.channels === 2
              ? track.label
              : `${track.label} ${rendition.channels === 6 ? '5.1' : `${rendition.channels}ch`}`,
          channels: rendition.channels,
          isDefault: track === first && rendition.channels === 2,
          rendition,
          name,
          folder: `${track.hls_key}/${audioLayoutDir(rendition.channels)}`,
          ...sign(name),
        };
      }),
    );
    const text = masterPlaylist(
      variants,
      subtitles.map((s) => ({ language: s.language, label: s.label, uri: sign(`s${s.subtitle_id}`).uri })),
      audio.map((entry): MasterAudio => ({ ...entry, name: entry.label })),
    );
    return { text, asset, variants, firstAudio: audio.find((entry) => entry.isDefault) };
  }

  /**
   * The track a viewer hears first among the ready ones (defaultAudioTrack): the language their profile chose for
   * the title is read for a signed-in viewer.
   */
  private async firstTrack(
    ready: readonly AudioTrackRow[],
    viewer: SessionUser | undefined,
    movieId: number,
    lang: string | undefined,
  ): Promise<AudioTrackRow | undefined> {
    if (ready.length === 0) return undefined;
    const chosen = viewer ? await this.audioTracks.chosenLanguage(viewer, movieId) : undefined;
    return defaultAudioTrack(ready, chosen, lang);
  }

  /**
   * Remembers the audio language a viewer chose for a title: its track plays first next time. A title the viewer
   * may not see is answered as one that does not exist.
   */
  async chooseAudio(viewer: SessionUser, movieId: number, language: string): Promise<void> {
    const title = await this.titles.findById(movieId);
    if (!title || !this.visible(viewer, title)) throw notFound('This title does not exist');
    await this.audioTracks.chooseLanguage(
      viewer,
      movieId,
      primaryLanguage(language),
      this.clock.now().toISOString(),
    );
  }

  /**
   * A variant playlist, segment or subtitle behind a signed address; every request is checked again, its
   * playback session from memory (this is the segment path: no read of its own, no promise when memory can tell).
   */
  async file(requester: SessionUser | undefined, token: string, file: string): Promise<StreamReply> {
    const nowMs = this.clock.now().getTime();
    const grant = this.signer.verify(token, Math.floor(nowMs / 1000));
    if (!grant) throw forbidden('This address is not valid or has expired');
    if (grant.cast && grant.rendition === CAST_RENDITION && file === CAST_MASTER)
      return this.castMaster(grant, nowMs);
    // Only the fixed file names of a ladder exist: anything else (a path, an encoded ../) is simply not there.
    if (!STREAM_FILE.test(file) || grant.rendition === CAST_RENDITION) throw notFound('No such file');
    const viewer = grant.cast ? await this.castViewer(grant, nowMs) : requester;
    if (grant.userId !== 0) {
      if (!viewer) throw unauthorized();
      if (viewer.user_id !== grant.userId) throw forbidden('This address belongs to another account');
      const state = this.sessions.state(grant.playbackId, viewer, nowMs);
      if (state !== 'live') {
        const settled = typeof state === 'string' ? state : await state;
        if (settled !== 'live') throw streamRefusal(settled);
      }
    }
    const found = await this.assets.findWithTitleGate(grant.assetId);
    if (found?.asset.status !== 'ready' || !found.asset.hls_key) throw notFound('This video is gone');
    const { asset, title } = found;
    if (grant.userId === 0 && asset.kind !== 'trailer')
      throw forbidden('This address is not valid or has expired');
    const allowed = await this.check(grant.userId === 0 ? undefined : viewer, title, asset);
    if (grant.rendition.startsWith('s')) return this.subtitleFile(grant, asset, file);
    if (grant.rendition.startsWith('a')) return this.audioFile(grant, token, asset, file, nowMs);
    const height = Number(grant.rendition);
    const rendition = renditionsOf(asset).find((r) => r.height === height);
    if (!rendition) throw notFound('No such rendition');
    if (height > allowed.maxHeight) throw forbidden('Your plan does not include this quality');
    if (file === VARIANT_PLAYLIST) {
      const presignUntil = asset.kind === 'trailer' ? grant.expires : undefined;
      return playlistReply(
        await this.variantPlaylist(`${asset.hls_key}/${height}p`, token, presignUntil),
        grant.cast,
      );
    }
    if (file === SUBTITLE_FILE) throw notFound('No such file');
    return {
      kind: 'file',
      key: `${asset.hls_key}/${height}p/${file}`,
      contentType: 'video/mp4',
      cacheControl: 'private, max-age=31536000, immutable',
      cast: grant.cast,
    };
  }

  /**
   * Who a cast address plays for: the live sign-in session that started its playback session, read through the
   * same cache as a cookie (no read of its own when it is known). Signed out there, the cast ends too.
   */
  private async castViewer(grant: StreamGrant, nowMs: number): Promise<SessionUser> {
    const holder = await this.sessions.holder(grant.playbackId, grant.userId);
    if (holder === undefined) throw streamRefusal('none');
    const viewer = onProfile(await this.viewers.findLive(holder, new Date(nowMs).toISOString()));
    if (viewer?.user_id !== grant.userId) throw unauthorized('The sign-in this stream belongs to has ended');
    return viewer;
  }

  /** The master playlist behind a cast address, with cast grants for its variants and subtitles. */
  private async castMaster(grant: StreamGrant, nowMs: number): Promise<StreamReply> {
    const viewer = await this.castViewer(grant, nowMs);
    const asset = await this.assets.findById(grant.assetId);
    if (asset?.kind !== 'video') throw notFound('This video is gone');
    const { text } = await this.signedMaster(
      viewer,
      asset.movie_id,
      asset.episode_id ?? undefined,
      'video',
      grant.playbackId,
      true,
    );
    return {
      kind: 'text',
      body: text,
      contentType: PLAYLIST_TYPE,
      cacheControl: 'private, no-store',
      cast: true,
    };
  }

  /**
   * The variant playlist of the rendition in `folder` with its init and segment addresses signed by `token`, or
   * presigned until `presignUntil` (a trailer's).
   */
  private async variantPlaylist(folder: string, token: string, presignUntil?: number): Promise<string> {
    const text = await this.variantText(`${folder}/${VARIANT_PLAYLIST}`);
    if (text === undefined) throw notFound('This video is gone');
    const direct =
      presignUntil === undefined
        ? new Map<string, string>()
        : await this.directUrls(text, folder, presignUntil);
    return rewriteVariant(text, (uri) => {
      if (!STREAM_FILE.test(uri)) throw new Error(`Unexpected URI in playlist: ${uri}`);
      return direct.get(uri) ?? `${STREAM_BASE}/${token}/${uri}`;
    });
  }

  /**
   * With object storage, a trailer's segments: presigned bucket (or CDN) addresses that end with the stream
   * grant, so the bytes never pass through Node. A feature's segments keep our signed addresses, which check the
   * playback session on every request and redirect to a short-lived presigned one: presigned for the grant's
   * whole lifetime, they would outlive a stopped session.
   */
  private async directUrls(playlist: string, folder: string, expires: number): Promise<Map<string, string>> {
    const urls = new Map<string, string>();
    if (this.storage.kind === 'local') return urls;
    const uris: string[] = [];
    rewriteVariant(playlist, (uri) => {
      if (STREAM_FILE.test(uri)) uris.push(uri);
      return uri;
    });
    const ttl = Math.max(60, expires - Math.floor(this.clock.now().getTime() / 1000));
    for (const uri of uris) {
      const url = await this.storage.signedUrl(`${folder}/${uri}`, ttl);
      if (url) urls.set(uri, url);
    }
    return urls;
  }

  /** Trailers for all; the feature for entitled viewers of a visible, released title (admins always). */
  private async check(
    viewer: SessionUser | undefined,
    title: TitleGate,
    asset: AssetRow,
  ): Promise<Entitlement> {
    const trailer = asset.kind === 'trailer';
    if (!this.visible(viewer, title)) throw notFound('This title does not exist');
    if (!trailer && !viewer) throw unauthorized('Sign in to watch');
    if (viewer?.role === 'admin')
      return { mayPlay: true, maxHeight: Number.MAX_SAFE_INTEGER, preroll: false };
    const today = this.clock.now().toISOString().slice(0, 10);
    if (!trailer && title.release_date && title.release_date > today)
      throw forbidden('This title is not out yet');
    const result = await this.entitlements.forTitle(viewer, {
      collections: parseList(title.collections),
      trailer,
    });
    if (!result.mayPlay) throw forbidden('Your plan does not include this title');
    return result;
  }

  /** Published (an admin previews drafts) and within the maturity ceiling of the viewer's profile. */
  private visible(viewer: SessionUser | undefined, title: TitleGate): boolean {
    return (
      (title.status === 'published' || viewer?.role === 'admin') &&
      withinMaturity(title.age_rating, viewer?.maturity_ceiling ?? null)
    );
  }

  /** An audio track's variant playlist or media, for the video asset the grant names. */
  private async audioFile(
    grant: StreamGrant,
    token: string,
    asset: AssetRow,
    file: string,
    nowMs: number,
  ): Promise<StreamReply> {
    const match = AUDIO_RENDITION.exec(grant.rendition);
    const track = match ? await this.readyTrack(Number(match[1]), nowMs) : undefined;
    const channels = Number(match?.[2]);
    if (
      !track?.hls_key ||
      track.movie_id !== asset.movie_id ||
      track.episode_id !== (asset.episode_id ?? 0) ||
      !audioRenditionsOf(track).some((rendition) => rendition.channels === channels)
    ) {
      throw notFound('No such audio track');
    }
    const folder = `${track.hls_key}/${audioLayoutDir(channels)}`;
    if (file === VARIANT_PLAYLIST)
      return playlistReply(await this.variantPlaylist(folder, token), grant.cast);
    if (file === SUBTITLE_FILE) throw notFound('No such file');
    return {
      kind: 'file',
      key: `${folder}/${file}`,
      contentType: 'audio/mp4',
      cacheControl: 'private, max-age=31536000, immutable',
      cast: grant.cast,
    };
  }

  private async subtitleFile(grant: StreamGrant, asset: AssetRow, file: string): Promise<StreamReply> {
    const subtitle = await this.assets.findSubtitle(Number(grant.rendition.slice(1)));
    if (
      !subtitle ||
      subtitle.movie_id !== asset.movie_id ||
      subtitle.episode_id !== (asset.episode_id ?? 0)
    ) {
      throw notFound('No such subtitle');
    }
    if (file === VARIANT_PLAYLIST) {
      const token = this.signer.sign(grant);
      const body = subtitlePlaylist(asset.duration_seconds ?? 1, `${STREAM_BASE}/${token}/${SUBTITLE_FILE}`);
      return playlistReply(body, grant.cast);
    }
    if (file !== SUBTITLE_FILE) throw notFound('No such file');
    return {
      kind: 'file',
      key: subtitle.file_key,
      contentType: 'text/vtt; charset=utf-8',
      cacheControl: 'private, max-age=3600',
      cast: grant.cast,
    };
  }

  private signed(
    assetId: number,
    rendition: string,
    userId: number,
    playbackId: string,
    file: string,
    cast = false,
  ) {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds;
    const token = this.signer.sign({ assetId, rendition, userId, playbackId, expires, cast });
    return { uri: `${STREAM_BASE}/${token}/${file}`, token, expires };
  }
}
