import {
  englishTexts,
  type LanguageExport,
  type LanguageFields,
  type LanguageSummary,
  type LanguageUpdateFields,
  translationKeyNames,
} from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { randomToken } from '../../lib/tokens.js';
import type { AuditActor, AuditService } from '../../platform/audit/service.js';
import { reencodeImage } from '../../platform/images.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import type { LanguageRepo, LanguageRow } from './repo.js';

const FLAG_SIZE = { width: 160, height: 120, fit: 'inside' } as const;

export type LanguageRecordReply = Record<string, string | number | null> & {
  lang_id: number;
  keyword: string;
  language_title: string;
  flag: string | null;
  dir: 'ltr' | 'rtl';
};

/** Only catalogue keys with a non-empty text are stored; everything else falls back to English. */
function pickTexts(fields: Partial<Record<string, unknown>>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const key of translationKeyNames) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') texts[key] = value;
  }
  return texts;
}

function parseTexts(row: LanguageRow): Record<string, string> {
  try {
    return JSON.parse(row.texts) as Record<string, string>;
  } catch {
    return {};
  }
}

/** How long another instance's edit may take to show here; edits on this instance show at once. */
const RECORD_CACHE_MS = 5000;

/** What the audit log keeps of a language: its fields and texts (the log shortens very long records). */
function auditView(row: LanguageRow) {
  return {
    keyword: row.keyword,
    language_title: row.language_title,
    dir: row.dir,
    flag: row.flag,
    texts: parseTexts(row),
  };
}

export class LanguageService {
  /** `[record]` replies by lower-case keyword: every page load asks for one. */
  private readonly recordCache = new Map<
    string,
    { record: LanguageRecordReply; reply: LanguageRecordReply[]; text: string; at: number }
  >();

  constructor(
    private readonly languages: LanguageRepo,
    private readonly storage: MediaStorage,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private summary(row: LanguageRow): LanguageSummary {
    return {
      lang_id: row.lang_id,
      keyword: row.keyword,
      language_title: row.language_title,
      flag: this.storage.publicUrl(row.flag),
      dir: row.dir,
      is_default: row.is_default === 1,
    };
  }

  /**
   * Languages are a handful of rows, so the search runs here: JavaScript lower-cases every script
   * (SQLite's lower() only knows ASCII, so "рус" would miss "Русский" there).
   */
  async list(search?: string): Promise<LanguageSummary[]> {
    const needle = search?.trim().toLocaleLowerCase();
    const rows = await this.languages.list();
    return rows
      .filter(
        (row) =>
          !needle ||
          row.language_title.toLocaleLowerCase().includes(needle) ||
          row.keyword_lower.includes(needle),
      )
      .map((row) => this.summary(row));
  }

  /** The translation record the viewer site reads: every catalogue key, English where a text is missing. */
  async record(keyword: string): Promise<LanguageRecordReply> {
    const row = await this.languages.findByKeyword(keyword);
    if (!row) throw notFound(`No language has the keyword ${keyword}`);
    const { is_default: _isDefault, ...identity } = this.summary(row);
    return { ...englishTexts, ...parseTexts(row), ...identity };
  }

  /**
   * The `POST /api/language/get` answer from a short cache: the same object while the record is unchanged (the
   * route serialises each object once).
   */
  async recordReply(keyword: string): Promise<LanguageRecordReply[]> {
    return (await this.cachedRecord(keyword)).reply;
  }

  /** The record from the same short cache (the landing page's first paint reads its texts). */
  async recordForPage(keyword: string): Promise<LanguageRecordReply> {
    return (await this.cachedRecord(keyword)).record;
  }

  private async cachedRecord(keyword: string) {
    const cacheKey = keyword.toLowerCase();
    const now = Date.now();
    const cached = this.recordCache.get(cacheKey);
    if (cached && now - cached.at < RECORD_CACHE_MS) return cached;
    const record = await this.record(keyword);
    const text = JSON.stringify(record);
    // Unchanged since the last look: the same objects, so the serialised and compressed answer is kept.
    const entry = cached?.text === text ? { ...cached, at: now } : { record, reply: [record], text, at: now };
    this.recordCache.set(cacheKey, entry);
    return entry;
  }

  /** The stored texts only (what the admin form edits), without the English fill. */
  async detail(langId: number) {
    const row = await this.requireRow(langId);
    return { ...this.summary(row), texts: parseTexts(row) };
  }

  async create(
    fields: LanguageFields,
    flag: Buffer | undefined,
    actor: AuditActor,
  ): Promise<LanguageSummary> {
    await this.assertKeywordFree(fields.keyword);
    await this.assertTitleFree(fields.language_title);
    const flagKey = flag ? await this.storeFlag(flag) : null;
    const now = this.clock.now().toISOString();
    let row: LanguageRow;
    try {
      row = await this.languages.insert({
        keyword: fields.keyword,
        keyword_lower: fields.keyword.toLowerCase(),
        language_title: fields.language_title,
        dir: fields.dir ?? 'ltr',
        flag: flagKey,
        is_default: 0,
        texts: JSON.stringify(pickTexts(fields)),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      await this.storage.remove(flagKey);
      if (await this.languages.findByKeyword(fields.keyword)) throw this.keywordTaken();
      throw error;
    }
    this.recordCache.clear();
    await this.audit.record(actor, 'create', 'language', row.lang_id, null, auditView(row));
    return this.summary(row);
  }

  /**
   * Changes only what is sent: a field left out keeps its value, a text sent empty goes back to English (the
   * admin form sends every field; a flag alone may be sent too).
   */
  async update(
    langId: number,
    fields: Omit<LanguageUpdateFields, 'lang_id'>,
    flag: Buffer | undefined,
    actor: AuditActor,
  ): Promise<LanguageSummary> {
    const row = await this.requireRow(langId);
    const keyword = fields.keyword ?? row.keyword;
    const title = fields.language_title ?? row.language_title;
    await this.assertKeywordFree(keyword, langId);
    await this.assertTitleFree(title, langId);
    if (row.is_default === 1 && keyword.toLowerCase() !== row.keyword_lower) {
      throw badRequest('The default language keeps its keyword', {
        keyword: 'The default language keeps its keyword',
      });
    }
    const flagKey = flag ? await this.storeFlag(flag) : row.flag;
    try {
      await this.languages.update(
        langId,
        {
          keyword,
          keyword_lower: keyword.toLowerCase(),
          language_title: title,
          dir: fields.dir ?? row.dir,
          flag: flagKey,
          texts: JSON.stringify(pickTexts({ ...parseTexts(row), ...fields })),
          updated_at: this.clock.now().toISOString(),
        },
        row.keyword,
      );
    } catch (error) {
      if (flagKey !== row.flag) await this.storage.remove(flagKey);
      throw error;
    }
    if (flagKey !== row.flag) await this.storage.remove(row.flag);
    this.recordCache.clear();
    return this.recordChange(actor, 'update', row);
  }

  async delete(langId: number, actor: AuditActor): Promise<void> {
    const row = await this.requireRow(langId);
    if (row.is_default === 1) throw conflict('The default language cannot be deleted');
    await this.languages.delete(langId, row.keyword);
    this.recordCache.clear();
    await this.audit.record(actor, 'delete', 'language', langId, auditView(row), null);
    await this.storage.remove(row.flag);
  }

  async export(langId: number): Promise<LanguageExport> {
    const row = await this.requireRow(langId);
    return { keyword: row.keyword, language_title: row.language_title, dir: row.dir, texts: parseTexts(row) };
  }

  /** Replaces a language's texts (and title, direction) with a translator's file; the keyword must match. */
  async import(langId: number, file: LanguageExport, actor: AuditActor): Promise<LanguageSummary> {
    const row = await this.requireRow(langId);
    if (file.keyword.toLowerCase() !== row.keyword_lower) {
      throw badRequest('The file is for another language', { keyword: `Expected ${row.keyword}` });
    }
    await this.languages.update(langId, {
      language_title: file.language_title,
      dir: file.dir,
      texts: JSON.stringify(pickTexts(file.texts)),
      updated_at: this.clock.now().toISOString(),
    });
    this.recordCache.clear();
    return this.recordChange(actor, 'import', row);
  }

  /** Writes the change to the audit log (the language before and after) and answers its summary. */
  private async recordChange(
    actor: AuditActor,
    action: string,
    before: LanguageRow,
  ): Promise<LanguageSummary> {
    const after = (await this.languages.findById(before.lang_id))!;
    await this.audit.record(actor, action, 'language', before.lang_id, auditView(before), auditView(after));
    return this.summary(after);
  }

  private async requireRow(langId: number): Promise<LanguageRow> {
    const row = await this.languages.findById(langId);
    if (!row) throw notFound('This language does not exist');
    return row;
  }

  private async assertKeywordFree(keyword: string, exceptLangId?: number): Promise<void> {
    const existing = await this.languages.findByKeyword(keyword);
    if (existing && existing.lang_id !== exceptLangId) throw this.keywordTaken();
  }

  /**
   * Two languages with one title could not be told apart in the language menu. Compared lower-cased in
   * JavaScript over the handful of rows (as the list's search is: SQLite's lower() knows only ASCII).
   */
  private async assertTitleFree(title: string, exceptLangId?: number): Promise<void> {
    const needle = title.toLocaleLowerCase();
    const rows = await this.languages.list();
    if (
      rows.some((row) => row.lang_id !== exceptLangId && row.language_title.toLocaleLowerCase() === needle)
    ) {
      throw conflict('Another language already has this title', {
        language_title: 'Another language has this title',
      });
    }
  }

  private keywordTaken() {
    return conflict('Another language already uses this keyword', { keyword: 'This keyword is taken' });
  }

  private async storeFlag(upload: Buffer): Promise<string> {
    const image = await reencodeImage(upload, 'flag', FLAG_SIZE);
    const key = `flags/${randomToken(12)}.webp`;
    await this.storage.put(key, image);
    return key;
  }
}
