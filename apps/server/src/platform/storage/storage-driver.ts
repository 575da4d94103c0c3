import fs from 'node:fs';
import type { Config } from '../../config.js';
import { LocalDiskStorage, type MediaStorage } from './storage.js';

/**
 * STORAGE=local (DATA_DIR/media) or STORAGE=s3 (the bucket of S3_BUCKET): the same interface for both. The S3
 * driver (and the AWS SDK under it) is loaded only when configured, so a local install starts faster.
 */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.media.storage === 's3' && config.media.s3) {
    const { S3MediaStorage } = await import('./s3-storage.js');
    return new S3MediaStorage(config.media.s3);
  }
  fs.mkdirSync(config.mediaDir, { recursive: true });
  return new LocalDiskStorage(config.mediaDir);
}
