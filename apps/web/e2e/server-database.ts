import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

/**
 * The test server's SQLite database, in the run's work folder (playwright.config.ts makes it, start-server.mjs
 * keeps the data there). Only used to move an account through time: the browser server runs on the real clock.
 */
export function withServerDatabase<T>(work: (db: Database.Database) => T): T {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set (run through playwright.config.ts)');
  const db = new Database(path.join(workDir, 'data', 'salomtv.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Ends the free trial of the page's signed-in viewer a minute ago, as if it had run its 30 days: a plan bought
 * then is paid and applies at once (bought during the trial, it would start only at the trial's end).
 */
export async function endTrial(page: Page): Promise<void> {
  const profile = await page.request.get('/api/user/profile');
  expect(profile.status()).toBe(200);
  const { user_id } = (await profile.json()) as { user_id: number };
  withServerDatabase((db) =>
    db
      .prepare('UPDATE users SET trial_ends_at = ? WHERE user_id = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), user_id),
  );
}

/**
 * Marks a title published in the test server's database (the run's work folder, playwright.config.ts), whatever
 * its media: the API publishes only a title with a ready video, and specs about what viewers see of a title
 * need some with a trailer alone or nothing yet. The catalogue's version triggers see the write.
 */
export function markPublished(movieId: number): void {
  withServerDatabase((db) =>
    db.prepare("update titles set status = 'published' where movie_id = ?").run(movieId),
  );
}
