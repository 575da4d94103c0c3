import {
  type AudioTrackOrderBody,
  type AudioTrackUpdateBody,
  MAX_AUDIO_TRACKS,
  type Movie,
} from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { randomToken } from '../../../lib/tokens.js';
import type { AuditActor } from '../../../platform/audit/service.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { AssetRecords, AssetRow, AudioTrackRecords, AudioTrackRow } from '../../catalog/module.js';
import type { MediaTools, ProducedAudio } from '../ffmpeg/tools.js';
import type { JobQueue } from '../jobs/queue.js';
import type { IncomingVideo, JobSignal, MovieMediaService } from '../pipeline/media-service.js';
import { type MovieService, removeTrackFiles } from '../title-admin/service.js';
import { checkAudioFile, lengthMismatch } from './audio-check.js';
import { defaultTrackLabel, isTrackLanguage, trackLanguage } from './track-language.js';

export interface AudioUploadFields {
  language: string;
  label?: string | undefined;
}

/**
 * The audio tracks of titles and episodes: those read from a video's audio streams when it is transcoded, audio
 * files an admin uploads per language (encoded by the `audio` job), and the admin's edits of them, audited.
 */
export class AudioTrackService {
  constructor(
    private readonly movies: MovieService,
    private readonly media: MovieMediaService,
    private readonly assets: AssetRecords,
    private readonly tracks: AudioTrackRecords,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly tools: MediaTools,
    private readonly clock: Clock,
    private readonly jobs: JobSignal,
  ) {}

  /**
   * A video asset was transcoded into `hlsKey`: its audio streams become the target's `stream` tracks, each
   * keeping the language, label, place and default an admin gave the same stream of the video it replaces.
   */
  async replaceStreamTracks(
    asset: AssetRow,
    produced: readonly ProducedAudio[],
    hlsKey: string,
  ): Promise<void> {
    if (asset.kind !== 'video') return;
    const episodeId = asset.episode_id ?? 0;
    const existing = await this.tracks.listTracks(asset.movie_id, episodeId);
    const previous = existing.filter((track) => track.source === 'stream');
    const now = this.clock.now().toISOString();
    // An uploaded dub was matched to the replaced video's length: one that does not fit the new video leaves the
    // player, with the reason for the admin (uploaded again, it is checked against the new one).
    const unfit = new Set<number>();
    for (const track of existing) {
      if (track.source !== 'file' || track.status !== 'ready' || !track.duration_seconds) continue;
      if (!asset.duration_seconds) break;
      const mismatch = lengthMismatch(track.duration_seconds, asset.duration_seconds);
      if (!mismatch) continue;
      unfit.add(track.track_id);
      await this.tracks.updateTrack(track.track_id, {
        status: 'failed',
        error: `The video was replaced. ${mismatch}`,
        is_default: 0,
        updated_at: now,
      });
    }
    const hasDefault = existing.some(
      (track) => track.source === 'file' && track.is_default === 1 && !unfit.has(track.track_id),
    );
    let next = Math.max(-1, ...existing.map((track) => track.position)) + 1;
    for (const audio of produced) {
      if (audio.renditions.length === 0) continue;
      const same = previous.find((track) => track.stream_index === audio.stream);
      const language = same?.language ?? trackLanguage(audio.language);
      const position = same?.position ?? next++;
      await this.tracks.insertTrack({
        movie_id: asset.movie_id,
        episode_id: episodeId,
        source: 'stream',
        asset_id: asset.asset_id,
        stream_index: audio.stream,
        language,
        label: same?.label ?? defaultTrackLabel(language, audio.title, audio.stream === 0, position),
        position,
        is_default: same?.is_default ?? (!hasDefault && audio.stream === 0 ? 1 : 0),
        status: 'ready',
        progress: 100,
        hls_key: `${hlsKey}/${audio.dir}`,
        renditions: JSON.stringify(audio.renditions),
        duration_seconds: asset.duration_seconds,
        created_at: now,
        updated_at: now,
      });
    }
    // Their files lie in the replaced video's ladder, removed with it.
    for (const track of previous) await this.tracks.deleteTrack(track.track_id);
    if (unfit.size > 0) await this.keepADefault(asset.movie_id, episodeId);
  }

  /** With the default dub taken off, the video's first sound becomes the original. */
  private async keepADefault(movieId: number, episodeId: number): Promise<void> {
    const tracks = await this.tracks.listTracks(movieId, episodeId);
    if (tracks.some((track) => track.is_default === 1)) return;
    const first = tracks
      .filter((track) => track.source === 'stream' && track.status === 'ready')
      .sort((a, b) => (a.stream_index ?? 0) - (b.stream_index ?? 0))[0];
    if (first) await this.tracks.setDefaultTrack(movieId, episodeId, first.track_id);
  }

  /** Checks an uploaded audio file against the video it dubs, moves it into place and queues its encoding. */
  attachFile(
    movieId: number,
    episodeId: number | undefined,
    fields: AudioUploadFields,
    file: IncomingVideo,
    actor: AuditActor,
  ): Promise<Movie> {
    return this.movies.audited(actor, 'add_audio_track', movieId, () =>
      this.storeFile(movieId, episodeId, fields, file),
    );
  }

  /** The video an audio track is added to (checked when an upload starts and when it ends). */
  async videoFor(movieId: number, episodeId: number | undefined): Promise<AssetRow> {
    const { title, episode } = await this.media.target(movieId, episodeId, 'video');
    if (!episode && title.kind === 'series')
      throw badRequest('A serial plays its episodes', {
        episode_id: 'Choose the episode this sound belongs to',
      });
    const assetId = episode ? episode.video_asset_id : title.video_asset_id;
    const video = assetId === null ? undefined : await this.assets.findById(assetId);
    if (!video || video.status === 'failed' || !video.duration_seconds)
      throw badRequest('Upload the video first: a sound track is matched to its length', {
        file: 'Upload the video first',
      });
    const count = (await this.tracks.listTracks(movieId, episodeId ?? 0)).length;
    if (count >= MAX_AUDIO_TRACKS)
      throw badRequest(`A video has at most ${MAX_AUDIO_TRACKS} audio tracks`, {
        file: 'Delete a track first',
      });
    return video;
  }

  private async storeFile(
    movieId: number,
    episodeId: number | undefined,
    fields: AudioUploadFields,
    file: IncomingVideo,
  ): Promise<Movie> {
    const language = this.language(fields.language);
    const video = await this.videoFor(movieId, episodeId);
    const checked = await checkAudioFile(this.tools, file.path);
    const mismatch = lengthMismatch(checked.probe.duration, video.duration_seconds ?? 0);
    if (mismatch) throw badRequest(mismatch, { file: mismatch });
    const target = episodeId ?? 0;
    const sourceKey = `sources/m${movieId}-${target ? `e${target}-` : ''}audio-${randomToken(9)}.${checked.extension}`;
    await this.storage.moveIn(sourceKey, file.path);
    const existing = await this.tracks.listTracks(movieId, target);
    const position = Math.max(-1, ...existing.map((track) => track.position)) + 1;
    const now = this.clock.now().toISOString();
    let trackId: number | undefined;
    try {
      const track = await this.tracks.insertTrack({
        movie_id: movieId,
        episode_id: target,
        source: 'file',
        source_key: sourceKey,
        original_name: file.originalName?.slice(0, 255) ?? null,
        language,
        label: fields.label?.trim() || defaultTrackLabel(language, '', false, position),
        position,
        is_default: existing.length === 0 ? 1 : 0,
        status: 'queued',
        progress: 0,
        renditions: '[]',
        duration_seconds: checked.probe.duration || null,
        created_at: now,
        updated_at: now,
      });
      trackId = track.track_id;
      await this.queue.enqueue('audio', track.track_id, { priority: 1 });
    } catch (error) {
      if (trackId !== undefined) await this.tracks.deleteTrack(trackId).catch(() => {});
      await this.storage.remove(sourceKey);
      throw error;
    }
    this.jobs.wake();
    return this.movies.get(movieId);
  }

  async update(body: AudioTrackUpdateBody, actor: AuditActor): Promise<Movie> {
    const track = await this.require(body.track_id);
    return this.movies.audited(actor, 'update_audio_track', track.movie_id, async () => {
      const changes = {
        ...(body.language !== undefined ? { language: this.language(body.language) } : {}),
        ...(body.label !== undefined ? { label: body.label } : {}),
      };
      if (Object.keys(changes).length > 0)
        await this.tracks.updateTrack(track.track_id, {
          ...changes,
          updated_at: this.clock.now().toISOString(),
        });
      if (body.is_default)
        await this.tracks.setDefaultTrack(track.movie_id, track.episode_id, track.track_id);
      return this.movies.get(track.movie_id);
    });
  }

  /** Reorders a target's tracks: the body must name each of them once. */
  async order(body: AudioTrackOrderBody, actor: AuditActor): Promise<Movie> {
    await this.movies.require(body.movie_id);
    const tracks = await this.tracks.listTracks(body.movie_id, body.episode_id ?? 0);
    const ids = new Set(tracks.map((track) => track.track_id));
    if (
      body.track_ids.length !== ids.size ||
      new Set(body.track_ids).size !== ids.size ||
      !body.track_ids.every((id) => ids.has(id))
    )
      throw badRequest('Name every audio track of this video once', { track_ids: 'Name every track once' });
    return this.movies.audited(actor, 'order_audio_tracks', body.movie_id, async () => {
      await this.tracks.orderTracks(body.track_ids);
      return this.movies.get(body.movie_id);
    });
  }

  async delete(trackId: number, actor: AuditActor): Promise<Movie> {
    const track = await this.require(trackId);
    return this.movies.audited(actor, 'delete_audio_track', track.movie_id, async () => {
      await this.queue.removeForTarget('audio', track.track_id);
      await this.tracks.deleteTrack(track.track_id);
      await removeTrackFiles(this.storage, track);
      return this.movies.get(track.movie_id);
    });
  }

  private async require(trackId: number): Promise<AudioTrackRow> {
    const track = await this.tracks.findTrack(trackId);
    if (!track) throw notFound('This audio track does not exist');
    return track;
  }

  private language(code: string): string {
    if (!isTrackLanguage(code.trim()))
      throw badRequest('Unknown language', { language: 'Use a language code such as uz, ru or en' });
    return trackLanguage(code);
  }
}
