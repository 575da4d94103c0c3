import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from '../../../lib/tokens.js';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Seals TOTP secrets with AES-256-GCM and keys recovery-code HMACs, from one setting (TOTP_ENCRYPTION_KEY): each
 * use gets its own key derived with HKDF, so a leaked database holds neither a secret nor a code that can be
 * tried offline.
 */
export class SecretBox {
  private readonly sealKey: Buffer;
  private readonly codeKey: Buffer;

  constructor(secret: string) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', Buffer.from(secret), Buffer.alloc(0), info, 32));
    this.sealKey = derive('salomtv totp secrets');
    this.codeKey = derive('salomtv recovery codes');
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url; `context` (the account) is bound in, so a row moved elsewhere fails. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The sealed text, or undefined when it was sealed with another key or changed. */
  open(sealed: string, context: string): string | undefined {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }

  /** The stored form of a recovery code. */
  codeHash(code: string): string {
    return createHmac('sha256', this.codeKey).update(code).digest('hex');
  }
}

/**
 * TOTP_ENCRYPTION_KEY, else (outside production, which refuses to start without it) a random key kept in
 * DATA_DIR/second-factor-key, beside the database but not in it.
 */
export function loadSecondFactorKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'second-factor-key');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const key = randomToken(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}
