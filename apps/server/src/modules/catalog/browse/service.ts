import {
  type AgeRating,
  type CatalogRow,
  type CatalogSearchReply,
  COLLECTIONS,
  type Collection,
  englishTexts,
  type FirstSlide,
  type TitleCard,
  type TitleDetails,
  type TranslationKey,
  withinMaturity,
} from '@salomtv/contract';
import { type Clock, DAY_MS } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { VersionedCache } from '../../../lib/versioned-cache.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { SessionUser } from '../../../platform/viewer-session.js';
import type { AssetRepo, AssetRow } from '../titles/asset-repo.js';
import type { EpisodeRepo, EpisodeRow } from '../titles/episode-repo.js';
import { parseList, presentImage } from '../titles/present.js';
import type { TitleRow } from '../titles/repo.js';
import type { TranslationRepo } from '../titles/translation-repo.js';
import { type CardContext, isReady, masterUrl, presentCard, released } from './cards.js';
import type { LockCheck, TitleLocks } from './locks.js';
import type { CatalogFilter, CatalogRepo } from './repo.js';
import { SearchIndex } from './search-index.js';
import { CatalogTranslations, type LanguageTexts } from './translations.js';

/**
 * Who asks: a signed-in viewer (their session, which may carry their plan) or their id, null when signed out,
 * undefined when unknown (no locks are marked).
 */
export type Asker = SessionUser | number | null | undefined;

/** The maturity ceiling of whoever asks: a session's profile's, else none (signed out, or an account by id). */
export function ceilingOf(asker: Asker): AgeRating | null {
  return typeof asker === 'object' && asker !== null ? asker.maturity_ceiling : null;
}

const ROW_SIZE = 20;
/** Popular titles offered when a search finds nothing. */
const SUGGESTIONS = 12;
/** Cached row sets (day x scope) kept at most. */
const ROWS_CACHE_ENTRIES = 64;

/** A row as cached: the cards without locks, with the collections their locks are decided on. */
type CachedRow = Omit<CatalogRow, 'items'> & { items: { card: TitleCard; collections: string }[] };

/** A page's rows as cached, with the distinct collection lists of its cards (parsed once) and its answers. */
interface CachedRows {
  rows: CachedRow[];
  /** Each distinct `collections` text of the cards, with its list: a viewer's locks are decided per list. */
  collectionLists: { text: string; list: string[] }[];
  /** Answers by the locks they carry (most viewers share one of a handful): the same object while kept. */
  answers: Map<string, RowsAnswer>;
  /** The answer by the lock rule it was made for: a viewer's next call skips marking the cards again. */
  answerOf: WeakMap<LockCheck, RowsAnswer>;
  /** An answer in each language it was asked in (lower-case keyword), made once per answer and language. */
  translated: WeakMap<RowsAnswer, Map<string, RowsAnswer>>;
  /** What the page's first paint shows (`firstSlide`), worked out on its first ask; null when no row has titles. */
  firstSlide?: FirstSlide | null;
  /** `firstSlide` in each language it was asked in (lower-case keyword). */
  firstSlideIn: Map<string, FirstSlide>;
}

/** The `GET /api/catalog/rows` answer. */
export interface RowsAnswer {
  rows: CatalogRow[];
}

export interface RowsQuery {
  kind?: TitleRow['kind'] | undefined;
  kids?: boolean | undefined;
  /** Titles above this maturity level are left out (the asker's profile's; null for none). */
  ceiling?: AgeRating | null | undefined;
  /** The viewer's display language: cards in it where translated (`?lang=`). */
  lang?: string | undefined;
}

export interface ListQuery extends RowsQuery {
  genre?: string | undefined;
  collection?: Collection | undefined;
  featured?: boolean | undefined;
  upcoming?: boolean | undefined;
  /** The row's order (a see all lists its row's titles in the row's order). */
  order?: CatalogFilter['order'] | undefined;
  page: number;
  pageSize: number;
}

interface RowSpec {
  id: string;
  key: TranslationKey;
  filter: RowFilter;
}

/** What a row lists: its see all page lists the same (`GET /api/catalog/list` with `seeAllOf`). */
type RowFilter = Pick<
  CatalogFilter,
  'kind' | 'genre' | 'collection' | 'kids' | 'featured' | 'upcoming' | 'order'
>;

/** The `GET /api/catalog/list` query of a row's see all: the row's own filter, as address parameters. */
export function seeAllOf(filter: RowFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined) params[name] = String(value);
  }
  return params;
}

/** A row's heading on a page of one kind: a serials page names serials, never movies. */
function headingOf(
  kind: TitleRow['kind'] | undefined,
  keys: { movie: TranslationKey; series: TranslationKey },
) {
  return kind === 'series' ? keys.series : keys.movie;
}

/** Collections made of one kind of title: their row is left out of the other kind's page. */
const COLLECTION_KIND: Partial<Record<Collection, TitleRow['kind']>> = {
  hollywood_movies: 'movie',
  america_tv_shows: 'series',
};

/** Rows of the home, movies, serials and kids pages, in the order they show. */
function rowSpecs(query: RowsQuery): RowSpec[] {
  const kind = query.kind;
  const specs: RowSpec[] = [
    {
      id: 'featured',
      key: headingOf(kind, {
        movie: 'featured_movies_to_watch_now',
        series: 'featured_serials_to_watch_now',
      }),
      filter: { featured: true, upcoming: false },
    },
    { id: 'genre:thriller', key: 'tv_thrillers', filter: { genre: 'thriller', upcoming: false } },
    {
      id: 'popular',
      key:
        kind === undefined
          ? 'popuplar_movies_and_shows'
          : headingOf(kind, { movie: 'popular_movies', series: 'popular_serials' }),
      filter: { order: 'popular', upcoming: false },
    },
    {
      id: 'new',
      key: headingOf(kind, { movie: 'new_movies', series: 'new_serials' }),
      filter: { order: 'newest', upcoming: false },
    },
    { id: 'genre:crime', key: 'crime', filter: { genre: 'crime', upcoming: false } },
    { id: 'genre:drama', key: 'drama', filter: { genre: 'drama', upcoming: false } },
    { id: 'genre:mystery', key: 'mystery', filter: { genre: 'mystery', upcoming: false } },
  ];
  if (!kind) {
    specs.push(
      { id: 'kind:movie', key: 'movies', filter: { kind: 'movie', upcoming: false } },
      { id: 'kind:series', key: 'serials', filter: { kind: 'series', upcoming: false } },
    );
  }
  if (!query.kids) specs.push({ id: 'kids', key: 'kids_section', filter: { kids: true, upcoming: false } });
  for (const collection of COLLECTIONS) {
    const only = COLLECTION_KIND[collection];
    if (kind && only && only !== kind) continue;
    specs.push({ id: `collection:${collection}`, key: collection, filter: { collection, upcoming: false } });
  }
  specs.push({
    id: 'upcoming',
    key: headingOf(kind, { movie: 'upcoming_movies', series: 'upcoming_serials' }),
    filter: { upcoming: true, order: 'release' },
  });
  // Each row lists its page's kind and section too (the serials page's rows hold serials).
  return specs.map((spec) => ({
    ...spec,
    filter: {
      ...spec.filter,
      kind: spec.filter.kind ?? kind,
      kids: spec.filter.kids ?? (query.kids || undefined),
    },
  }));
}

/** The viewer catalogue: published titles only, as cards, rows, search results, details and grids. */
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepo,
    private readonly episodes: EpisodeRepo,
    private readonly assets: AssetRepo,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
    /** Billing's entitlements: which titles are locked for the viewer. */
    private readonly locks: TitleLocks,
    private readonly translations: TranslationRepo,
  ) {}

  private readonly rowsCache = new VersionedCache<CachedRows>(ROWS_CACHE_ENTRIES);
  private readonly searchCache = new VersionedCache<SearchIndex>(1);
  private readonly translationsCache = new VersionedCache<CatalogTranslations>(1);

  /** The current UTC day, its date worked out once: every catalogue call asks for it. */
  private day = { from: 0, until: 0, date: '' };

  private today(): string {
    const now = this.clock.now().getTime();
    if (now < this.day.from || now >= this.day.until) {
      const from = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
      this.day = { from, until: from + DAY_MS, date: new Date(from).toISOString().slice(0, 10) };
    }
    return this.day.date;
  }

  /**
   * The `GET /api/catalog/rows` answer. The rows are built once per catalogue version (bumped by the database on
   * every write that changes a card, so every instance sees it), day and scope; each viewer then gets them with
   * their own locks, one answer object per distinct set of locks, handed out again until the version changes (the
   * route serialises each object once).
   */
  async rows(query: RowsQuery, asker?: Asker, arrival?: number): Promise<RowsAnswer> {
    const [entry, lock, texts] = await Promise.all([
      this.cachedRows({ ...query, ceiling: ceilingOf(asker) }, arrival),
      this.lockRule(asker),
      this.textsIn(query.lang, arrival),
    ]);
    const answer = this.rowsWithLocks(entry, lock);
    return texts ? this.rowsIn(entry, answer, query.lang!, texts) : answer;
  }

  /** The rows with one viewer's locks marked (see `rows`). */
  private rowsWithLocks(entry: CachedRows, lock: LockCheck | undefined): RowsAnswer {
    const known = lock && entry.answerOf.get(lock);
    if (known) return known;
    const outcomes = new Map<string, ReturnType<LockCheck> | null>();
    let signature = '';
    for (const { text, list } of entry.collectionLists) {
      const outcome = lock?.(list) ?? null;
      outcomes.set(text, outcome);
      signature += outcome ? `${outcome.reason}:${outcome.feature ?? ''}|` : '|';
    }
    let answer = entry.answers.get(signature);
    if (answer === undefined) {
      const rows: CatalogRow[] = entry.rows.map(({ items, ...row }) => ({
        ...row,
        items: items.map(({ card, collections }) => {
          const outcome = outcomes.get(collections);
          return { ...card, locked: outcome?.reason ?? null, locked_feature: outcome?.feature ?? null };
        }),
      }));
      answer = { rows };
      entry.answers.set(signature, answer);
    }
    if (lock) entry.answerOf.set(lock, answer);
    return answer;
  }

  /** An answer's cards in a language, made once per answer and language while the rows are kept. */
  private rowsIn(entry: CachedRows, answer: RowsAnswer, lang: string, texts: LanguageTexts): RowsAnswer {
    let byLanguage = entry.translated.get(answer);
    if (!byLanguage) {
      byLanguage = new Map();
      entry.translated.set(answer, byLanguage);
    }
    const key = lang.toLowerCase();
    let translated = byLanguage.get(key);
    if (!translated) {
      translated = {
        rows: answer.rows.map((row) => ({ ...row, items: row.items.map((c) => texts.card(c)) })),
      };
      byLanguage.set(key, translated);
    }
    return translated;
  }

  /**
   * The published catalogue's translations, read once per catalogue version. `arrival`, the stamp of the asking
   * request (`FastifyRequest.arrival`): the version read its session check sent then serves.
   */
  private async catalogTranslations(arrival?: number): Promise<CatalogTranslations> {
    const version = await this.catalog.version(arrival);
    return this.translationsCache.get(version, 'all', async () => {
      const [titles, genres] = await Promise.all([
        this.translations.publishedTitles(),
        this.translations.genreNames(),
      ]);
      return new CatalogTranslations(titles, genres);
    });
  }

  /** A language's texts, or undefined when none is asked for or nothing is translated into it. */
  private async textsIn(lang: string | undefined, arrival?: number): Promise<LanguageTexts | undefined> {
    return lang ? (await this.catalogTranslations(arrival)).in(lang) : undefined;
  }

  /** The rows of one scope for today at the current catalogue version, built at most once per version. */
  private async cachedRows(query: RowsQuery, arrival?: number) {
    const version = await this.catalog.version(arrival);
    const key = `${this.today()}|${query.kind ?? ''}|${query.kids ? 'kids' : ''}|${query.ceiling ?? ''}`;
    // Versions are checked first, so only days and scopes pile up: a handful of entries a day.
    return this.rowsCache.get(version, key, async (): Promise<CachedRows> => {
      const rows = await this.buildRows(query);
      const texts = new Set(rows.flatMap((row) => row.items.map((item) => item.collections)));
      return {
        rows,
        collectionLists: [...texts].map((text) => ({ text, list: parseList(text) })),
        answers: new Map(),
        answerOf: new WeakMap(),
        translated: new WeakMap(),
        firstSlideIn: new Map(),
      };
    });
  }

  /**
   * The first slide of a browse page's carousel and the row under it, as the web's browse page picks them: the
   * first title of the featured row, else of the first row with titles; the first row with titles but the upcoming
   * one (the page shows that further down). Locks are left out: the slide does not show them. In `query.lang`
   * where translated; the same object per language until the catalogue changes.
   */
  async firstSlide(query: RowsQuery): Promise<FirstSlide | undefined> {
    const [entry, texts] = await Promise.all([this.cachedRows(query), this.textsIn(query.lang)]);
    if (entry.firstSlide === undefined) {
      const withTitles = entry.rows.filter((row) => row.items.length > 0);
      const card = (withTitles.find((row) => row.id === 'featured') ?? withTitles[0])?.items[0]?.card;
      const row = withTitles.find((row) => row.id !== 'upcoming');
      entry.firstSlide = card ? { card, firstRow: row && { key: row.key, title: row.title } } : null;
    }
    const slide = entry.firstSlide;
    if (!slide || !texts) return slide ?? undefined;
    const key = query.lang!.toLowerCase();
    let translated = entry.firstSlideIn.get(key);
    if (!translated) {
      translated = { ...slide, card: texts.card(slide.card) };
      entry.firstSlideIn.set(key, translated);
    }
    return translated;
  }

  /** The rows of one page without the viewer's locks (a query per row, then the card context). */
  private async buildRows(query: RowsQuery): Promise<CachedRow[]> {
    const today = this.today();
    const specs = rowSpecs(query);
    const results = await Promise.all(
      specs.map((spec) =>
        this.catalog.page({ ...spec.filter, ceiling: query.ceiling, today, limit: ROW_SIZE }),
      ),
    );
    const context = await this.context(results.flat(), undefined);
    return specs
      .map((spec, i) => ({
        id: spec.id,
        key: spec.key,
        title: englishTexts[spec.key],
        see_all: seeAllOf(spec.filter),
        items: results[i]!.map((row) => ({
          card: presentCard(this.storage, row, context),
          collections: row.collections,
        })),
      }))
      .filter((row) => row.items.length > 0);
  }

  async list(query: ListQuery, asker?: Asker) {
    const { rows, total } = await this.catalog.list({
      kind: query.kind,
      kids: query.kids,
      ceiling: ceilingOf(asker),
      genre: query.genre?.toLowerCase(),
      collection: query.collection,
      featured: query.featured,
      upcoming: query.upcoming,
      order: query.order ?? (query.upcoming ? 'release' : 'newest'),
      today: this.today(),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: await this.cards(rows, asker, query.lang),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * Titles whose name, genres, cast or tags match every typed word, in whichever script either is written
   * (search-spelling.ts), one wrong letter forgiven in longer words; one page of them, and when none matches,
   * popular titles to suggest instead.
   */
  async search(
    query: { q: string; page: number; pageSize: number; lang?: string | undefined },
    asker?: Asker,
  ): Promise<CatalogSearchReply> {
    const ceiling = ceilingOf(asker);
    const ids = query.q.trim() ? (await this.searchIndex()).search(query.q, ceiling) : [];
    const pageIds = ids.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
    const rows = await this.catalog.publishedByIds(pageIds);
    const order = new Map(pageIds.map((id, index) => [id, index]));
    rows.sort((a, b) => order.get(a.movie_id)! - order.get(b.movie_id)!);
    const suggestions =
      ids.length === 0
        ? await this.catalog.page({
            order: 'popular',
            upcoming: false,
            ceiling,
            today: this.today(),
            limit: SUGGESTIONS,
          })
        : [];
    const [cards, suggested] = await Promise.all([
      this.cards(rows, asker, query.lang),
      this.cards(suggestions, asker, query.lang),
    ]);
    const items = cards.map((card, index) => ({ ...card, cast: parseList(rows[index]!.cast_list) }));
    return { items, total: ids.length, page: query.page, pageSize: query.pageSize, suggestions: suggested };
  }

  /** The published catalogue's search words, read once per catalogue version. */
  private async searchIndex(): Promise<SearchIndex> {
    const version = await this.catalog.version();
    return this.searchCache.get(version, 'all', async () => {
      const [rows, translations] = await Promise.all([this.catalog.searchable(), this.catalogTranslations()]);
      return new SearchIndex(
        rows.map((row) => {
          const genres = parseList(row.genres);
          return {
            movie_id: row.movie_id,
            titles: [row.title, ...translations.titlesOf(row.movie_id)],
            other: [
              ...genres,
              ...genres.flatMap((genre) => translations.genreNamesOf(genre)),
              ...parseList(row.cast_list),
              ...parseList(row.tags),
            ],
            view_count: row.view_count,
            age_rating: row.age_rating,
          };
        }),
      );
    });
  }

  async similar(movieId: number, asker?: Asker, lang?: string): Promise<{ items: TitleCard[] }> {
    const title = await this.visibleTitle(movieId, asker);
    const genres = parseList(title.genres).map((g) => g.toLowerCase());
    const similar = await this.catalog.similar(movieId, genres, 12, ceilingOf(asker));
    return { items: await this.cards(similar, asker, lang) };
  }

  /** A published title within the asker's maturity ceiling; any other is as if it did not exist. */
  private async visibleTitle(movieId: number, asker: Asker): Promise<TitleRow> {
    const title = await this.catalog.findPublished(movieId);
    if (!title || !withinMaturity(title.age_rating, ceilingOf(asker)))
      throw notFound('This title does not exist');
    return title;
  }

  async details(movieId: number, asker?: Asker, lang?: string): Promise<TitleDetails> {
    const title = await this.visibleTitle(movieId, asker);
    const [seasons, context, subtitles, texts, episodeTexts] = await Promise.all([
      this.episodes.listSeasons(movieId),
      this.context([title], asker),
      this.assets.listSubtitles(movieId),
      this.textsIn(lang),
      title.kind === 'series' && lang ? this.translations.episodeTextsIn(movieId, lang) : undefined,
    ]);
    const episodes = context.episodes.get(movieId) ?? [];
    const main = title.video_asset_id === null ? undefined : context.assets.get(title.video_asset_id);
    const isOut = released(title, context.today);
    const episodeCard = (episode: EpisodeRow) => {
      const asset = episode.video_asset_id === null ? undefined : context.assets.get(episode.video_asset_id);
      const playable = isOut && isReady(asset);
      const translated = episodeTexts?.get(episode.episode_id);
      return {
        episode_id: episode.episode_id,
        number: episode.number,
        title: translated?.title || episode.title,
        description: translated?.description || episode.description,
        duration: episode.duration_seconds,
        // The episode's own still, else a frame of its video.
        thumbnail: presentImage(this.storage, episode.thumbnail ?? asset?.poster ?? null),
        playable,
        video: playable ? masterUrl(movieId, episode.episode_id) : null,
        preview_vtt: this.storage.publicUrl(asset?.sprite_vtt_key ?? null),
      };
    };
    const details: TitleDetails = {
      ...presentCard(this.storage, title, context),
      description: title.description,
      tagline: title.tagline,
      cast: parseList(title.cast_list),
      tags: parseList(title.tags),
      collections: parseList<Collection>(title.collections),
      seasons: seasons.map((season) => ({
        season_id: season.season_id,
        number: season.number,
        title: season.title,
        episodes: episodes.filter((e) => e.season_id === season.season_id).map(episodeCard),
      })),
      subtitles: subtitles
        .filter((s) => s.episode_id === 0)
        .map((s) => ({ language: s.language, label: s.label })),
      preview_vtt: this.storage.publicUrl(main?.sprite_vtt_key ?? null),
      poster: presentImage(this.storage, main?.poster ?? null),
    };
    return texts ? texts.card(details) : details;
  }

  /** Cards of the given title rows, in their order, in `lang` where translated (the library's lists use it too). */
  async cards(rows: TitleRow[], asker?: Asker, lang?: string): Promise<TitleCard[]> {
    const [context, texts] = await Promise.all([this.context(rows, asker), this.textsIn(lang)]);
    return rows.map((row) => {
      const card = presentCard(this.storage, row, context);
      return texts ? texts.card(card) : card;
    });
  }

  /** Assets and episodes of the given titles in two or three queries. */
  private async context(rows: TitleRow[], asker?: Asker): Promise<CardContext> {
    const seriesIds = [...new Set(rows.filter((r) => r.kind === 'series').map((r) => r.movie_id))];
    const episodes = await this.episodes.listEpisodesOf(seriesIds);
    const ids = new Set<number>();
    for (const row of rows) {
      if (row.video_asset_id !== null) ids.add(row.video_asset_id);
      if (row.trailer_asset_id !== null) ids.add(row.trailer_asset_id);
    }
    for (const episode of episodes) if (episode.video_asset_id !== null) ids.add(episode.video_asset_id);
    const assets = new Map<number, AssetRow>(
      (await this.assets.listByIds([...ids])).map((a) => [a.asset_id, a]),
    );
    const byTitle = new Map<number, EpisodeRow[]>();
    for (const episode of episodes)
      byTitle.set(episode.movie_id, [...(byTitle.get(episode.movie_id) ?? []), episode]);
    const ratings = await this.catalog.ratingsOf(rows.map((r) => r.movie_id));
    return { assets, episodes: byTitle, today: this.today(), ratings, lock: await this.lockRule(asker) };
  }

  private async lockRule(asker: Asker): Promise<LockCheck | undefined> {
    if (asker === undefined) return undefined;
    return this.locks.lockRule(asker ?? undefined);
  }
}
