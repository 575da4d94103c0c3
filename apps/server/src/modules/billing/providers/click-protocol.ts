import { createHash } from 'node:crypto';
import { safeEqual } from '../../../lib/tokens.js';

/** The fields of a Prepare or Complete that its sign_string covers, as Click sent them. */
export interface ClickSignedFields {
  click_trans_id: string;
  service_id: string;
  merchant_trans_id: string;
  /** Complete only. */
  merchant_prepare_id?: string | undefined;
  amount: string;
  action: string;
  sign_time: string;
}

/**
 * SHOP API: MD5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id] + amount +
 * action + sign_time), lower-case hex.
 */
export function clickSignString(fields: ClickSignedFields, secretKey: string): string {
  const parts = [
    fields.click_trans_id,
    fields.service_id,
    secretKey,
    fields.merchant_trans_id,
    fields.merchant_prepare_id ?? '',
    fields.amount,
    fields.action,
    fields.sign_time,
  ];
  return createHash('md5').update(parts.join(''), 'utf8').digest('hex');
}

/** Compares Click's sign_string with ours in constant time (hex in either case). */
export function clickSignMatches(fields: ClickSignedFields, secretKey: string, given: string): boolean {
  return safeEqual(clickSignString(fields, secretKey), given.toLowerCase());
}

/** Merchant API: `Auth: <merchant_user_id>:<SHA1(timestamp + secret_key)>:<timestamp>`, timestamp in seconds. */
export function clickAuthHeader(merchantUserId: string, secretKey: string, timestampSeconds: number): string {
  const timestamp = String(timestampSeconds);
  const digest = createHash('sha1')
    .update(timestamp + secretKey, 'utf8')
    .digest('hex');
  return `${merchantUserId}:${digest}:${timestamp}`;
}

/** Tiyin as Click writes so'm: 4900000 -> "49000", 4900050 -> "49000.50"; string arithmetic, no floats. */
export function tiyinToSom(tiyin: number): string {
  if (!Number.isSafeInteger(tiyin) || tiyin < 0) throw new RangeError(`not an amount in tiyin: ${tiyin}`);
  const digits = String(tiyin).padStart(3, '0');
  const som = digits.slice(0, -2);
  const rest = digits.slice(-2);
  return rest === '00' ? som : `${som}.${rest}`;
}

/**
 * So'm as a decimal string to integer tiyin: "49000", "49000.0" and "49000.00" are 4900000. null for anything else
 * (a sign, an exponent, a fraction finer than a tiyin, more digits than money has).
 */
export function somToTiyin(amount: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(amount);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}
