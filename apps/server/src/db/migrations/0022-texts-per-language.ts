import { type Kysely, sql } from 'kysely';

/** English texts the seed wrote before they were reworded; an admin's own wording is left alone. */
const REWORDED_ENGLISH: Record<string, [before: string, after: string]> = {
  send_otp: ['Send otp', 'Send code'],
  verify_otp: ['verify otp', 'Verify code'],
  invalid_otp_try_again: ['invalid otp try again', 'That code is wrong. Try again.'],
};

/** The seeded plans' names in the seeded languages, as the seed gives them to new installs. */
const SEEDED_PLAN_NAMES: Record<string, Record<string, string>> = {
  basic: { Uz: 'Asosiy', Ru: 'Базовый', Ur: 'بنیادی' },
  standard: { Uz: 'Standart', Ru: 'Стандарт', Ur: 'اسٹینڈرڈ' },
  platinum: { Uz: 'Platina', Ru: 'Платинум', Ur: 'پلاٹینم' },
  premium: { Uz: 'Premium', Ru: 'Премиум', Ur: 'پریمیم' },
};

/**
 * Texts per language beyond the interface's: plans' names (`plans.names`, a JSON object of language keyword ->
 * name) and posts' titles and bodies (`post_translations`, the keyword in lower case). Seasons lose the English
 * "Season N" name the admin never typed (the apps say it in the viewer's language), and the English record's
 * reworded texts are brought up to date where they are still the seed's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // A seeded plan still under its seeded name gets that name's translations.
  const plans = await sql<{ plan_id: number; code: string; name: string }>`
    select plan_id, code, name from plans`.execute(db);
  for (const plan of plans.rows) {
    const names = SEEDED_PLAN_NAMES[plan.code];
    if (names && plan.name.toLowerCase() === plan.code)
      await sql`update plans set names = ${JSON.stringify(names)} where plan_id = ${plan.plan_id}`.execute(
        db,
      );
  }
  await db.schema
    .createTable('post_translations')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.post_id').onDelete('cascade'))
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_translations_pk', ['post_id', 'language'])
    .execute();

  const seasons = await sql<{ season_id: number; number: number; title: string }>`
    select season_id, number, title from seasons`.execute(db);
  for (const season of seasons.rows) {
    if (season.title === `Season ${season.number}`)
      await sql`update seasons set title = '' where season_id = ${season.season_id}`.execute(db);
  }

  const english = await sql<{ lang_id: number; texts: string }>`
    select lang_id, texts from languages where keyword_lower = 'en'`.execute(db);
  for (const record of english.rows) {
    const texts = JSON.parse(record.texts) as Record<string, unknown>;
    let changed = false;
    for (const [key, [before, after]] of Object.entries(REWORDED_ENGLISH)) {
      if (texts[key] !== before) continue;
      texts[key] = after;
      changed = true;
    }
    if (changed)
      await sql`update languages set texts = ${JSON.stringify(texts)} where lang_id = ${record.lang_id}`.execute(
        db,
      );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_translations').execute();
  await db.schema.alterTable('plans').dropColumn('names').execute();
}
