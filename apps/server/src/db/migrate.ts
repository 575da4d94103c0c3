import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely';
import * as foundation from './migrations/0001-foundation.js';
import * as accounts from './migrations/0002-accounts.js';
import * as catalog from './migrations/0003-catalog.js';
import * as billing from './migrations/0004-billing.js';
import * as admin from './migrations/0005-admin.js';
import * as library from './migrations/0006-library.js';
import * as catalogVersion from './migrations/0007-catalog-version.js';
import * as accessVersion from './migrations/0008-access-version.js';
import * as accountOwnership from './migrations/0009-account-ownership.js';
import * as guessLimits from './migrations/0010-guess-limits.js';
import * as ageRatingUnset from './migrations/0011-age-rating-unset.js';
import * as playbackStreamBind from './migrations/0012-playback-stream-bind.js';
import * as cleanRichText from './migrations/0013-clean-rich-text.js';
import * as planChanges from './migrations/0014-plan-changes.js';
import * as legalPages from './migrations/0015-legal-pages.js';
import * as rateCounterExpiry from './migrations/0016-rate-counter-expiry.js';
import * as titleTranslations from './migrations/0017-title-translations.js';
import * as audioTracks from './migrations/0018-audio-tracks.js';
import * as moreTranslations from './migrations/0019-more-translations.js';
import * as profiles from './migrations/0020-profiles.js';
import * as subscriptionChanges from './migrations/0021-subscription-changes.js';
import * as textsPerLanguage from './migrations/0022-texts-per-language.js';
import * as phoneVerified from './migrations/0023-phone-verified.js';
import * as playbackQuality from './migrations/0024-playback-quality.js';
import * as backups from './migrations/0025-backups.js';
import * as secondFactor from './migrations/0026-second-factor.js';
import * as guessesCountedFirst from './migrations/0027-guesses-counted-first.js';
import * as clickTransactions from './migrations/0029-click-transactions.js';
import * as planPrices from './migrations/0030-plan-prices.js';
import * as paymeTransactions from './migrations/0031-payme-transactions.js';
import * as clickCardRequests from './migrations/0032-click-card-requests.js';

/** Migrations in order; each new module adds its file here. */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-catalog': catalog,
  '0004-billing': billing,
  '0005-admin': admin,
  '0006-library': library,
  '0007-catalog-version': catalogVersion,
  '0008-access-version': accessVersion,
  '0009-account-ownership': accountOwnership,
  '0010-guess-limits': guessLimits,
  '0011-age-rating-unset': ageRatingUnset,
  '0012-playback-stream-bind': playbackStreamBind,
  '0013-clean-rich-text': cleanRichText,
  '0014-plan-changes': planChanges,
  '0015-legal-pages': legalPages,
  '0016-rate-counter-expiry': rateCounterExpiry,
  '0017-title-translations': titleTranslations,
  '0018-audio-tracks': audioTracks,
  '0019-more-translations': moreTranslations,
  '0020-profiles': profiles,
  '0021-subscription-changes': subscriptionChanges,
  '0022-texts-per-language': textsPerLanguage,
  '0023-phone-verified': phoneVerified,
  '0024-playback-quality': playbackQuality,
  '0025-backups': backups,
  '0026-second-factor': secondFactor,
  '0027-guesses-counted-first': guessesCountedFirst,
  '0029-click-transactions': clickTransactions,
  '0030-plan-prices': planPrices,
  '0031-payme-transactions': paymeTransactions,
  '0032-click-card-requests': clickCardRequests,
};

/** The migrations this build knows, in order: a backup records those its database had. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema the tables live in. Kysely looks for its migration tables in every schema
 * unless told which one, so without it a second schema on the same database (parallel test suites) is
 * mistaken for already migrated.
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateToLatest());
}

/** Migrates up to a named migration (tests of a migration start from the schema before it). */
export async function migrateTo(db: Kysely<unknown>, name: string, schema?: string): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Kysely<unknown>,
  schema: string | undefined,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await run(migrator);
    if (attempt < 3 && anotherSchemaWentAway(error, schema)) continue;
    const failed = results?.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(
        `Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`,
      );
    }
    return;
  }
}

/**
 * Kysely finds its migration tables by reading the tables of every schema of the database; a schema dropped during
 * that read (another instance's or test suite's, on a shared database) fails it before any migration ran.
 */
function anotherSchemaWentAway(error: unknown, schema: string | undefined): boolean {
  const gone = /^schema "([^"]+)" does not exist$/.exec(String((error as Error | undefined)?.message ?? ''));
  return gone !== null && gone[1] !== schema;
}
