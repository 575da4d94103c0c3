import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { randomToken, safeEqual } from '../../../lib/tokens.js';

export interface StreamGrant {
  assetId: number;
  /** A rendition height ("720"), a subtitle ("s12") or an audio track in a channel layout ("a7c2"). */
  rendition: string;
  /** 0 for an anonymous trailer grant. */
  userId: number;
  /** The playback session the address belongs to; `0` for a trailer grant, which needs none. */
  playbackId: string;
  /** Unix seconds. */
  expires: number;
  /**
   * Fetched without the viewer's cookies (a cast receiver): the playback session's own sign-in session stands in
   * for the viewer's.
   */
  cast: boolean;
}

/** The playback of a trailer grant. */
export const NO_PLAYBACK = '0';

const TOKEN =
  /^(c\.)?(\d{1,10})\.([a-z0-9]{1,12})\.(\d{1,10})\.([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/;

/**
 * Signed, expiring stream addresses: `[c.]<asset>.<rendition>.<user>.<playback>.<expires>.<hmac>` (`c.` for a cast
 * grant); the HMAC covers every part, so a changed rendition, user, playback session, expiry or cast mark (or a
 * guessed address) does not verify.
 */
export class StreamSigner {
  constructor(private readonly secret: string) {}

  private mac(grant: StreamGrant): string {
    return createHmac('sha256', this.secret)
      .update(
        `stream:v2:${grant.cast ? 'cast:' : ''}${grant.assetId}:${grant.rendition}:${grant.userId}:${grant.playbackId}:${grant.expires}`,
      )
      .digest('base64url')
      .slice(0, 32);
  }

  sign(grant: StreamGrant): string {
    return `${grant.cast ? 'c.' : ''}${grant.assetId}.${grant.rendition}.${grant.userId}.${grant.playbackId}.${grant.expires}.${this.mac(grant)}`;
  }

  /** The grant when the token is authentic and not expired at `nowSeconds`. */
  verify(token: string, nowSeconds: number): StreamGrant | undefined {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const grant: StreamGrant = {
      assetId: Number(match[2]),
      rendition: match[3]!,
      userId: Number(match[4]),
      playbackId: match[5]!,
      expires: Number(match[6]),
      cast: match[1] !== undefined,
    };
    if (!safeEqual(this.mac(grant), match[7]!)) return undefined;
    if (grant.expires <= nowSeconds) return undefined;
    return grant;
  }
}

/** STREAM_SIGNING_SECRET, else a random secret kept in DATA_DIR/stream-secret (so restarts keep URLs valid). */
export function loadStreamSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'stream-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomToken(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
