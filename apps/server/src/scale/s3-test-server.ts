import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server for the tests: `s3rver` (a fake S3 on the local disk) on a free port of
 * 127.0.0.1, with one bucket. s3rver has no ListParts, which @tus/s3-store calls to find how much of an
 * upload arrived; this server answers it from the parts it saw uploaded (as S3 would).
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface Part {
  number: number;
  etag: string;
  size: number;
}

function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export async function startTestS3(bucket = 'salomtv-media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const parts = new Map<string, Map<number, Part>>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const uploadId = url.searchParams.get('uploadId');
    if (uploadId && req.method === 'GET') {
      const [, bucketName = '', ...keyParts] = url.pathname.split('/');
      const list = [...(parts.get(uploadId)?.values() ?? [])].sort((a, b) => a.number - b.number);
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
        `<Bucket>${xml(bucketName)}</Bucket><Key>${xml(decodeURIComponent(keyParts.join('/')))}</Key>`,
        `<UploadId>${xml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>`,
        ...list.map(
          (part) =>
            `<Part><PartNumber>${part.number}</PartNumber><ETag>${xml(part.etag)}</ETag><Size>${part.size}</Size><LastModified>${new Date().toISOString()}</LastModified></Part>`,
        ),
        '</ListPartsResult>',
      ].join('');
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      return;
    }
    const partNumber = Number(url.searchParams.get('partNumber'));
    if (uploadId && req.method === 'PUT' && partNumber > 0) {
      const size = Number(req.headers['content-length'] ?? 0);
      res.on('finish', () => {
        const etag = res.getHeader('etag');
        if (res.statusCode !== 200 || typeof etag !== 'string') return;
        const known = parts.get(uploadId) ?? new Map<number, Part>();
        known.set(partNumber, { number: partNumber, etag, size });
        parts.set(uploadId, known);
      });
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
