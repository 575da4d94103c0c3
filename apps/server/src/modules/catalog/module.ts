import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import type { TitleLocks } from './browse/locks.js';
import { CatalogRepo } from './browse/repo.js';
import { catalogRoutes } from './browse/routes.js';
import { CatalogService } from './browse/service.js';
import { LibraryRepo } from './library/repo.js';
import { libraryRoutes } from './library/routes.js';
import { LibraryService } from './library/service.js';
import { AssetRepo } from './titles/asset-repo.js';
import { AudioTrackRepo } from './titles/audio-track-repo.js';
import { EpisodeRepo } from './titles/episode-repo.js';
import { TitleRepo } from './titles/repo.js';
import { TranslationRepo } from './titles/translation-repo.js';

export interface CatalogDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: MediaStorage;
  /** Which titles are locked for a viewer (billing's entitlements), so the cards can say so. */
  locks: TitleLocks;
}

/**
 * The catalogue: the records of titles, episodes and their media files, and what viewers do with them (rows,
 * details, search, the kids section; watch list, favourites, progress and ratings).
 */
export function createCatalogModule(deps: CatalogDeps) {
  const { db, clock, storage } = deps;
  const repos = {
    titles: new TitleRepo(db),
    episodes: new EpisodeRepo(db),
    mediaAssets: new AssetRepo(db),
    audioTracks: new AudioTrackRepo(db),
    catalog: new CatalogRepo(db),
    library: new LibraryRepo(db),
    translations: new TranslationRepo(db),
  };
  const catalog = new CatalogService(
    repos.catalog,
    repos.episodes,
    repos.mediaAssets,
    storage,
    clock,
    deps.locks,
    repos.translations,
  );
  // The library's lists show the same cards as the catalogue.
  const library = new LibraryService({
    repo: repos.library,
    presenter: catalog,
    episodes: repos.episodes,
    clock,
  });
  const services = { catalog, library };
  const registerRoutes = (app: AppInstance) => {
    catalogRoutes(app, services.catalog);
    libraryRoutes(app, services.library);
  };
  const records: CatalogRecords = {
    titles: repos.titles,
    episodes: repos.episodes,
    mediaAssets: repos.mediaAssets,
    audioTracks: repos.audioTracks,
    translations: repos.translations,
  };
  return { repos, records, services, registerRoutes };
}

export type CatalogModule = ReturnType<typeof createCatalogModule>;

// The catalogue's face: what other domains may use of it. The media domain's title editor and pipeline write
// these records, playback reads them; neither sees the repositories behind them.
export type TitleRecords = Pick<
  TitleRepo,
  'count' | 'delete' | 'findById' | 'insert' | 'list' | 'transition' | 'update' | 'updateWithGenres'
>;
export type EpisodeRecords = Pick<
  EpisodeRepo,
  | 'deleteEmptySeasons'
  | 'deleteEpisode'
  | 'findEpisode'
  | 'findSeason'
  | 'insertEpisode'
  | 'insertSeason'
  | 'listEpisodes'
  | 'listSeasons'
  | 'nextEpisodeNumber'
  | 'updateEpisode'
>;
export type AssetRecords = Pick<
  AssetRepo,
  | 'delete'
  | 'deleteSubtitle'
  | 'findById'
  | 'findSubtitle'
  | 'findSubtitleFor'
  | 'findWithTitleGate'
  | 'insert'
  | 'insertSubtitle'
  | 'listForTitle'
  | 'listSubtitles'
  | 'update'
>;
export type AudioTrackRecords = Pick<
  AudioTrackRepo,
  | 'chooseLanguage'
  | 'chosenLanguage'
  | 'deleteTrack'
  | 'findTrack'
  | 'insertTrack'
  | 'listTracks'
  | 'orderTracks'
  | 'setDefaultTrack'
  | 'updateTrack'
>;
export type TranslationRecords = Pick<
  TranslationRepo,
  | 'genreNames'
  | 'genresInUse'
  | 'listEpisodeTranslations'
  | 'listForTitle'
  | 'remove'
  | 'removeEpisode'
  | 'removeGenreName'
  | 'seedGenreNames'
  | 'setGenreName'
  | 'upsert'
  | 'upsertEpisode'
>;
export interface CatalogRecords {
  titles: TitleRecords;
  episodes: EpisodeRecords;
  mediaAssets: AssetRecords;
  audioTracks: AudioTrackRecords;
  translations: TranslationRecords;
}
/** What the admin's user activity page reads of a viewer's library. */
export type LibraryActivity = Pick<LibraryService, 'accountContinueWatching'>;
export type { AssetRow, TitleGate } from './titles/asset-repo.js';
export { renditionsOf } from './titles/asset-repo.js';
export type { AudioTrackRow } from './titles/audio-track-repo.js';
export { audioRenditionsOf } from './titles/audio-track-repo.js';
export type { EpisodeRow } from './titles/episode-repo.js';
export type { StoredImageSize } from './titles/present.js';
export { imageKeys, movieAuditView, parseList, presentListItem, presentMovie } from './titles/present.js';
export type { TitleRow, TitleStatus } from './titles/repo.js';
export type {
  EpisodeTranslationRow,
  GenreNameRow,
  TitleTranslationRow,
} from './titles/translation-repo.js';
