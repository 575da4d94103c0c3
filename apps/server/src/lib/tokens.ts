import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** One-shot hashing: a third of createHash's cost for a short value (every signed-in call hashes its token). */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
