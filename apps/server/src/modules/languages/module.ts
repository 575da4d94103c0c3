import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../../platform/audit/service.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import { LanguageRepo } from './repo.js';
import { languageRoutes } from './routes.js';
import { LanguageService } from './service.js';

export interface LanguagesDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  audit: AuditService;
  clock: Clock;
}

/** Display languages: their records, translation texts and flags, and the record each page is painted with. */
export function createLanguagesModule(deps: LanguagesDeps) {
  const repos = { languages: new LanguageRepo(deps.db) };
  const services = { languages: new LanguageService(repos.languages, deps.storage, deps.audit, deps.clock) };
  /** A language's display name by keyword (a subtitle track is labelled with it), undefined when unknown. */
  const labelOf = async (keyword: string) => (await repos.languages.findByKeyword(keyword))?.language_title;
  const keywordOf = async (keyword: string) => (await repos.languages.findByKeyword(keyword))?.keyword;
  return {
    repos,
    records: repos.languages as LanguageRecords,
    services,
    labelOf,
    keywordOf,
    registerRoutes: (app: AppInstance) => languageRoutes(app, services.languages),
  };
}

export type LanguagesModule = ReturnType<typeof createLanguagesModule>;

// The languages domain's face: what other domains may use of it.
/** What other domains and the seed use of the languages: the list (account settings) and creation (seed). */
export type LanguageDirectory = Pick<LanguageService, 'list' | 'create'>;
/** The language records as the seed and other domains may read and change them. */
export type LanguageRecords = Pick<LanguageRepo, 'list' | 'update' | 'findByKeyword'>;
