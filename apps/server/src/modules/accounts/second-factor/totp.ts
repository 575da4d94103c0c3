import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'SalomTV';

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an app reads from the QR code, and the QR code as an SVG image. */
export async function totpEnrolment(
  secretBase32: string,
  accountLabel: string,
): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpOf(secretBase32, accountLabel).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrSvg };
}

/**
 * The time step of `code` if it is right at `nowMs` (the step before and after are accepted too, for a clock a
 * little off), else undefined. The caller refuses a step already used.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}
