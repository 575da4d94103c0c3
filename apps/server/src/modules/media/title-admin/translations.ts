import type {
  EpisodeTranslation,
  EpisodeTranslationBody,
  GenreNameBody,
  GenreNames,
  TitleTranslation,
  TitleTranslationBody,
} from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { cleanRichText } from '../../../lib/rich-text.js';
import type { AuditActor, AuditService } from '../../../platform/audit/service.js';
import type {
  EpisodeRecords,
  EpisodeTranslationRow,
  TitleRecords,
  TitleTranslationRow,
  TranslationRecords,
} from '../../catalog/module.js';
import { parseList } from '../../catalog/module.js';

/** A language's keyword as the site spells it (`uz` -> `Uz`), undefined for one the site does not have. */
export type LanguageKeywordOf = (keyword: string) => Promise<string | undefined>;

const present = (row: TitleTranslationRow): TitleTranslation => ({
  language: row.language,
  title: row.title,
  description: row.description,
  tagline: row.tagline,
  cast: parseList(row.cast_names),
  updated_at: row.updated_at,
});

/** Names written as in the original at the end of the list are left out. */
function withoutTrailingBlanks(names: readonly string[]): string[] {
  let end = names.length;
  while (end > 0 && !names[end - 1]) end--;
  return names.slice(0, end);
}

const presentEpisode = (row: EpisodeTranslationRow): EpisodeTranslation => ({
  episode_id: row.episode_id,
  language: row.language,
  title: row.title,
  description: row.description,
  updated_at: row.updated_at,
});

/**
 * The admin's translations of titles' texts (one per language the site has) and of genres' names, recorded in the
 * audit log.
 */
export class TitleTranslationService {
  constructor(
    private readonly titles: TitleRecords,
    private readonly episodes: EpisodeRecords,
    private readonly translations: TranslationRecords,
    private readonly keywordOf: LanguageKeywordOf,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(movieId: number): Promise<TitleTranslation[]> {
    if (!(await this.titles.findById(movieId))) throw notFound('This title does not exist');
    return this.translationsOf(movieId);
  }

  /** Sets the title's texts in a language (the description cleaned as the title's own is), then lists them all. */
  async save(body: TitleTranslationBody, actor: AuditActor): Promise<TitleTranslation[]> {
    const language = await this.language(body.language);
    const before = (await this.list(body.movie_id)).find((row) => row.language === language) ?? null;
    const row: TitleTranslationRow = {
      movie_id: body.movie_id,
      language,
      title: body.title.trim(),
      description: cleanRichText(body.description),
      tagline: body.tagline,
      cast_names: JSON.stringify(withoutTrailingBlanks(body.cast)),
      updated_at: this.clock.now().toISOString(),
    };
    await this.translations.upsert(row);
    await this.audit.record(actor, 'set_translation', 'title', body.movie_id, before, present(row));
    return this.translationsOf(body.movie_id);
  }

  /** The title goes back to its own texts in that language. */
  async remove(movieId: number, keyword: string, actor: AuditActor): Promise<TitleTranslation[]> {
    const language = await this.language(keyword);
    const before = (await this.list(movieId)).find((row) => row.language === language);
    if (!before || !(await this.translations.remove(movieId, language)))
      throw notFound('This title has no translation into that language');
    await this.audit.record(actor, 'delete_translation', 'title', movieId, before, null);
    return this.translationsOf(movieId);
  }

  /** Every episode's translations of a title. */
  async listEpisodes(movieId: number): Promise<EpisodeTranslation[]> {
    if (!(await this.titles.findById(movieId))) throw notFound('This title does not exist');
    return (await this.translations.listEpisodeTranslations(movieId)).map(presentEpisode);
  }

  /** Sets an episode's title and description in a language (cleaned as the episode's own), then lists the title's. */
  async saveEpisode(body: EpisodeTranslationBody, actor: AuditActor): Promise<EpisodeTranslation[]> {
    const language = await this.language(body.language);
    const episode = await this.episodes.findEpisode(body.episode_id);
    if (!episode) throw notFound('This episode does not exist');
    const all = await this.listEpisodes(episode.movie_id);
    const before =
      all.find((row) => row.episode_id === episode.episode_id && row.language === language) ?? null;
    const row: EpisodeTranslationRow = {
      episode_id: episode.episode_id,
      language,
      title: body.title.trim(),
      description: cleanRichText(body.description),
      updated_at: this.clock.now().toISOString(),
    };
    await this.translations.upsertEpisode(row);
    await this.audit.record(
      actor,
      'set_episode_translation',
      'title',
      episode.movie_id,
      before,
      presentEpisode(row),
    );
    return this.listEpisodes(episode.movie_id);
  }

  /** The episode goes back to its own texts in that language. */
  async removeEpisode(episodeId: number, keyword: string, actor: AuditActor): Promise<EpisodeTranslation[]> {
    const language = await this.language(keyword);
    const episode = await this.episodes.findEpisode(episodeId);
    if (!episode) throw notFound('This episode does not exist');
    const before = (await this.listEpisodes(episode.movie_id)).find(
      (row) => row.episode_id === episodeId && row.language === language,
    );
    if (!before || !(await this.translations.removeEpisode(episodeId, language)))
      throw notFound('This episode has no translation into that language');
    await this.audit.record(actor, 'delete_episode_translation', 'title', episode.movie_id, before, null);
    return this.listEpisodes(episode.movie_id);
  }

  /** Every genre in use with its names per language. */
  async genreNames(): Promise<GenreNames[]> {
    const [inUse, names] = await Promise.all([
      this.translations.genresInUse(),
      this.translations.genreNames(),
    ]);
    return inUse.map(({ genre, titles }) => ({
      genre,
      titles,
      names: Object.fromEntries(
        names.filter((row) => row.genre === genre).map((row) => [row.language, row.name]),
      ),
    }));
  }

  /** Names a genre in a language (an empty name removes it, and viewers see the genre as titles write it). */
  async setGenreName(body: GenreNameBody, actor: AuditActor): Promise<GenreNames[]> {
    const language = await this.language(body.language);
    const genre = body.genre.toLowerCase();
    const before = (await this.genreNames()).find((row) => row.genre === genre);
    if (!before) throw notFound('No title carries this genre');
    if (body.name) await this.translations.setGenreName({ genre, language, name: body.name });
    else await this.translations.removeGenreName(genre, language);
    await this.audit.record(
      actor,
      'set_genre_name',
      'genre',
      genre,
      { language, name: before.names[language] ?? null },
      { language, name: body.name || null },
    );
    return this.genreNames();
  }

  /** A title's translations, the title known to exist (`list` checks it). */
  private async translationsOf(movieId: number): Promise<TitleTranslation[]> {
    return (await this.translations.listForTitle(movieId)).map(present);
  }

  private async language(keyword: string): Promise<string> {
    const known = await this.keywordOf(keyword);
    if (!known) throw badRequest('Unknown language', { language: 'Choose one of the site’s languages' });
    return known;
  }
}
