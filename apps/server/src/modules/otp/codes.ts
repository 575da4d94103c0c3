import { createHmac, randomInt } from 'node:crypto';
import { OTP_CODE_LENGTH } from '@salomtv/contract';

/** A uniformly random code of OTP_CODE_LENGTH digits (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
}

/** Keyed hash of a code: a copy of the table without the key reveals no codes. */
export function hashCode(key: Buffer, purpose: string, phone: string, code: string): string {
  return createHmac('sha256', key).update(`otp:${purpose}:${phone}:${code}`).digest('hex');
}

/** The signature in a sign-up proof: binds the used code's row to its number and the moment it was used. */
export function proofSignature(key: Buffer, otpId: number, phone: string, consumedAt: string): string {
  return createHmac('sha256', key).update(`proof:${otpId}:${phone}:${consumedAt}`).digest('base64url');
}

export function smsText(code: string): string {
  return `Your SalomTV code is ${code}. It expires in 10 minutes. Never share it with anyone.`;
}
