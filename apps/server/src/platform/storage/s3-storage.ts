import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { openFileSink } from '../../lib/file-sink.js';
import { randomToken } from '../../lib/tokens.js';
import { checkMediaKey, type LocalFile, type MediaStorage, type StoredObject } from './storage.js';

/** STORAGE=s3: an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** A CDN in front of the bucket: public images and signed segment addresses use its origin. */
  cdnBaseUrl: string | undefined;
}

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

/** The client settings shared by our driver and the tus store (which needs the same bucket). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 demands them: many S3-compatible servers do not read aws-chunked trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * Media in a bucket. Writes go up with multipart uploads (lib-storage); the worker gets sources as local
 * copies; browsers read segments and images through short-lived presigned addresses, never through Node.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly origins: string[];
  private readonly bucket: string;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings));
    this.bucket = settings.bucket;
    this.origins = [
      ...new Set([
        this.bucketOrigin(),
        ...(settings.cdnBaseUrl ? [new URL(settings.cdnBaseUrl).origin] : []),
      ]),
    ];
  }

  private bucketOrigin(): string {
    const { endpoint, region, bucket, forcePathStyle } = this.settings;
    if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
    const url = new URL(endpoint);
    return forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
  }

  async put(key: string, data: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkMediaKey(key),
        Body: data,
        ContentType: contentType ?? TYPES[path.extname(key)] ?? 'application/octet-stream',
      }),
    );
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  /** Uploads a local file, or a folder's files under `key/`, playlists last; then deletes the local copy. */
  async moveIn(key: string, from: string): Promise<void> {
    checkMediaKey(key);
    const stat = await fs.stat(from);
    if (stat.isDirectory()) {
      const files = await filesUnder(from);
      const playlists = files.filter((file) => file.endsWith('.m3u8'));
      const rest = files.filter((file) => !file.endsWith('.m3u8'));
      const send = (file: string) =>
        this.upload(`${key}/${file.split(path.sep).join('/')}`, path.join(from, file));
      await eachLimited(rest, 6, send);
      await eachLimited(playlists, 6, send);
    } else {
      await this.upload(key, from);
    }
    await fs.rm(from, { recursive: true, force: true });
  }

  private async upload(key: string, file: string): Promise<void> {
    const handle = await fs.open(file);
    try {
      await new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: checkMediaKey(key),
          Body: handle.createReadStream({ autoClose: false }),
          ContentType: TYPES[path.extname(key)] ?? 'application/octet-stream',
        },
        queueSize: 4,
        partSize: 8 * 1024 * 1024,
      }).done();
    } finally {
      await handle.close();
    }
  }

  async removeTree(key: string | null | undefined): Promise<void> {
    if (!key) return;
    checkMediaKey(key);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((item) => item.Key!).filter(Boolean);
      await eachLimited(keys, 8, async (Key) => {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
      });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Every object of the bucket with its size and ETag, page by page (a backup's listing of the media). */
  async *listObjects(): AsyncGenerator<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, etag: item.ETag ?? '' };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async sizeOf(key: string): Promise<number> {
    const head = await this.client.send(
      new HeadObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }),
    );
    return head.ContentLength ?? 0;
  }

  async readText(key: string): Promise<string | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }),
      );
      return await object.Body!.transformToString('utf8');
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  /** Downloads the object into `tmpDir`; `release()` deletes the copy (callers do so on failure too). */
  async localFile(key: string, tmpDir: string): Promise<LocalFile> {
    await fs.mkdir(tmpDir, { recursive: true });
    const file = path.join(tmpDir, `download-${randomToken(6)}${path.extname(key)}`);
    const release = () => fs.rm(file, { force: true });
    try {
      await this.download(key, file);
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  /** Writes an object (any key, such as a finished tus upload) to a local file. */
  async download(key: string, file: string): Promise<void> {
    const sink = await openFileSink(file);
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        sink.destroy();
        throw error;
      });
    await pipeline(object.Body as Readable, sink);
  }

  /** Public images: straight from the CDN when there is one, else through our redirect to a signed address. */
  publicUrl(key: string | null): string | null {
    if (!key) return null;
    if (this.settings.cdnBaseUrl) return `${this.settings.cdnBaseUrl.replace(/\/+$/, '')}/${key}`;
    return `/api/media/${key}`;
  }

  /**
   * A presigned GET (at most 7 days, S3's limit). With a CDN, the same signed path and query under the
   * CDN's origin: the CDN forwards the query string and the bucket checks the signature.
   */
  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: checkMediaKey(key) }),
      { expiresIn: Math.max(1, Math.min(ttlSeconds, 7 * 24 * 3600)) },
    );
    if (!this.settings.cdnBaseUrl) return url;
    const signed = new URL(url);
    const cdn = new URL(this.settings.cdnBaseUrl);
    return `${cdn.origin}${signed.pathname}${signed.search}`;
  }
}
