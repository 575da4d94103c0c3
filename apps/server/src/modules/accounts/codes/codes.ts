import { createHmac, randomInt } from 'node:crypto';
import { OTP_CODE_LENGTH, OTP_RESEND_SECONDS } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { randomToken } from '../../../lib/tokens.js';
import type { AppSecretRepo } from './secret-repo.js';

/** A uniformly random code of OTP_CODE_LENGTH digits (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
}

/** The key of the code hashes: OTP_SECRET, else one generated at first use and kept in the database. */
export async function loadCodeKey(
  secret: string | undefined,
  secrets: AppSecretRepo,
  clock: Clock,
): Promise<Buffer> {
  if (secret) return Buffer.from(secret);
  const stored = await secrets.getOrCreate('otp_hmac_key', () => randomToken(32), clock.now().toISOString());
  return Buffer.from(stored);
}

/** Keyed hash of a code: a copy of the table without the key reveals no codes. */
export function hashCode(key: Buffer, purpose: string, phone: string, code: string): string {
  return createHmac('sha256', key).update(`otp:${purpose}:${phone}:${code}`).digest('hex');
}

/** The signature in a sign-up proof: binds the used code's row to its number and the moment it was used. */
export function proofSignature(key: Buffer, otpId: number, phone: string, consumedAt: string): string {
  return createHmac('sha256', key).update(`proof:${otpId}:${phone}:${consumedAt}`).digest('base64url');
}

/** The pause between two codes for the same number or account. */
export const RESEND_PAUSE = { limit: 1, windowMs: OTP_RESEND_SECONDS * 1000 };
export const waitBeforeResend = (seconds: number) => `Wait ${seconds} seconds before asking for another code`;

export function smsText(code: string): string {
  return `Your SalomTV code is ${code}. It expires in 10 minutes. Never share it with anyone.`;
}

/** The mail with a code that confirms an email address for an account. */
export function emailCodeMail(code: string): { subject: string; text: string } {
  return {
    subject: `Your SalomTV code: ${code}`,
    text:
      `Your SalomTV code is ${code}. Enter it in your account settings to confirm this email address. ` +
      'It expires in 10 minutes. If you did not ask for it, ignore this mail: nothing changes without the code.',
  };
}
