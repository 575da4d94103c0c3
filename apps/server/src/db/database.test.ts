import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';

/** The durability the README promises: a commit answered 200 is on disk (Faults, kill -9 after a sign-up). */
describe('SQLite durability settings', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function pragmas(synchronous?: 'NORMAL' | 'FULL') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-db-'));
    dirs.push(dataDir);
    const handle = await openDatabase({
      dataDir,
      ...(synchronous ? { sqliteSynchronous: synchronous } : {}),
    });
    try {
      const read = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(handle.db)).rows[0] as object)[0];
      return { synchronous: await read('synchronous'), journal: await read('journal_mode') };
    } finally {
      await handle.close();
    }
  }

  it('commits with synchronous=FULL in WAL by default, as the server is configured out of the box', async () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('FULL');
    // SQLite's numbers: 1 NORMAL, 2 FULL.
    expect(await pragmas()).toEqual({ synchronous: 2, journal: 'wal' });
    expect(await pragmas('FULL')).toEqual({ synchronous: 2, journal: 'wal' });
  });

  it('takes NORMAL when SQLITE_SYNCHRONOUS asks for it', async () => {
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('NORMAL');
    expect((await pragmas('NORMAL')).synchronous).toBe(1);
  });
});
