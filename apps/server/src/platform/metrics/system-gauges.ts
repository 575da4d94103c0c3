import fs from 'node:fs';
import type { DatabaseStats } from '../../db/database.js';
import type { Metrics } from './metrics.js';

/**
 * What every process shows of the machine it shares: its database (PostgreSQL's connection pool, or SQLite's file
 * sizes) and the disk under DATA_DIR (where SQLite, uploads and transcodes write), read at each scrape.
 */
export function registerSystemGauges(
  metrics: Metrics,
  sources: { database: () => DatabaseStats; dataDir: string },
): void {
  metrics.gauge(
    'db_pool_connections',
    'PostgreSQL connections of this process: total open, idle, queries waiting for one, and the pool size',
    ['state'],
    (set) => {
      const stats = sources.database();
      if (stats.dialect !== 'postgres') return;
      for (const [state, value] of Object.entries(stats.pool)) set({ state }, value);
    },
  );
  metrics.gauge(
    'db_sqlite_file_bytes',
    'Size of the SQLite database file and of its write-ahead log',
    ['file'],
    (set) => {
      const stats = sources.database();
      if (stats.dialect !== 'sqlite') return;
      set({ file: 'database' }, stats.fileBytes.database);
      set({ file: 'wal' }, stats.fileBytes.wal);
    },
  );
  metrics.gauge(
    'data_dir_filesystem_bytes',
    'The file system holding DATA_DIR: its size, the bytes free, and the bytes this process may still write',
    ['kind'],
    async (set) => {
      const disk = await fs.promises.statfs(sources.dataDir);
      set({ kind: 'size' }, disk.blocks * disk.bsize);
      set({ kind: 'free' }, disk.bfree * disk.bsize);
      set({ kind: 'available' }, disk.bavail * disk.bsize);
    },
  );
}
