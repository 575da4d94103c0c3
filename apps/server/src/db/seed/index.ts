import { englishTexts, type LanguageFields } from '@salomtv/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../../lib/tokens.js';
import type { AdminSeeding } from '../../modules/accounts/module.js';
import type { LegalSeeding } from '../../modules/admin/module.js';
import type { PlanSeeding } from '../../modules/billing/module.js';
import type { TranslationRecords } from '../../modules/catalog/module.js';
import type { LanguageDirectory, LanguageRecords } from '../../modules/languages/module.js';
import { flagSvgs } from './flags.js';
import { GENRE_NAMES } from './genre-names.js';
import { LEGAL_TEXTS } from './legal-texts.js';
import { seedPlans } from './plans.js';
import { russianTexts, urduTexts, uzbekTexts } from './translations.js';

const seededLanguages: {
  keyword: string;
  title: string;
  dir: 'ltr' | 'rtl';
  texts: Record<string, string>;
}[] = [
  { keyword: 'En', title: 'English', dir: 'ltr', texts: englishTexts },
  { keyword: 'Uz', title: 'Oʻzbekcha', dir: 'ltr', texts: uzbekTexts },
  { keyword: 'Ru', title: 'Русский', dir: 'ltr', texts: russianTexts },
  { keyword: 'Ur', title: 'اردو', dir: 'rtl', texts: urduTexts },
];

export interface SeedDeps {
  languages: LanguageDirectory;
  languageRepo: LanguageRecords;
  users: AdminSeeding;
  log: FastifyBaseLogger;
  /** Seeds the spec's four plans on an empty plans table. */
  plans?: PlanSeeding;
  /** Seeds the terms of use and privacy policy on an empty legal pages table. */
  legal: LegalSeeding;
  /** Seeds the genres' names in Uzbek, Russian and Urdu on an empty genre_names table. */
  genreNames: Pick<TranslationRecords, 'seedGenreNames'>;
  /** Adds the demo catalogue on an empty titles table (modules/media/demo/demo-catalog.ts). */
  demoCatalog?: () => Promise<void>;
}

/**
 * Texts for interface keys added since a seeded language was made (a new screen's words): filled in where the
 * stored record has no text for the key at all, so an admin's own wording is never replaced.
 */
async function addNewTexts(deps: SeedDeps): Promise<void> {
  const stored = await deps.languageRepo.list();
  for (const language of seededLanguages) {
    const record = stored.find((row) => row.keyword.toLowerCase() === language.keyword.toLowerCase());
    if (!record) continue;
    const texts = JSON.parse(record.texts) as Record<string, string>;
    const missing = Object.keys(language.texts).filter((key) => !Object.hasOwn(texts, key));
    if (missing.length === 0) continue;
    for (const key of missing) texts[key] = language.texts[key]!;
    await deps.languageRepo.update(record.lang_id, {
      texts: JSON.stringify(texts),
      updated_at: new Date().toISOString(),
    });
    deps.log.info(
      { language: record.keyword, keys: missing.length },
      'added the texts of new interface keys',
    );
  }
}

export interface SeedSettings {
  adminPhone: string | undefined;
  adminPassword: string | undefined;
  /** SEED_DEMO: also add the demo catalogue. */
  seedDemo?: boolean;
}

const DEFAULT_ADMIN_PHONE = '+998900000001';

/** Fills an empty database: the four languages and the first administrator. Safe to run at every start. */
export async function seedDatabase(deps: SeedDeps, settings: SeedSettings): Promise<void> {
  if ((await deps.languageRepo.list()).length === 0) {
    for (const language of seededLanguages) {
      const fields = {
        ...language.texts,
        keyword: language.keyword,
        language_title: language.title,
        dir: language.dir,
      };
      const created = await deps.languages.create(
        fields as LanguageFields,
        Buffer.from(flagSvgs[language.keyword]!),
        null,
      );
      if (language.keyword === 'En') await deps.languageRepo.update(created.lang_id, { is_default: 1 });
    }
    deps.log.info('seeded languages En, Uz, Ru, Ur');
  } else {
    await addNewTexts(deps);
  }

  if (deps.plans) await seedPlans(deps.plans, deps.log);
  if (await deps.genreNames.seedGenreNames(GENRE_NAMES)) deps.log.info('seeded the genres’ names');
  if (await deps.legal.seedDefaults(LEGAL_TEXTS)) deps.log.info('seeded the terms of use and privacy policy');

  if ((await deps.users.countAdmins()) === 0) {
    const phone = settings.adminPhone ?? DEFAULT_ADMIN_PHONE;
    const generated = settings.adminPassword === undefined;
    const password = settings.adminPassword ?? randomToken(12);
    await deps.users.upsertAdmin(phone, password);
    if (generated) {
      // Printed once, on the console only: it is not stored anywhere in clear.
      process.stdout.write(
        `\n  First administrator created: phone ${phone}, password ${password}\n  (shown once; set ADMIN_PHONE/ADMIN_PASSWORD or run "npm run admin -- --phone ${phone}" to change it)\n\n`,
      );
    } else {
      deps.log.info({ phone }, 'first administrator created from ADMIN_PHONE');
    }
  }

  if (settings.seedDemo && deps.demoCatalog) await deps.demoCatalog();
}
