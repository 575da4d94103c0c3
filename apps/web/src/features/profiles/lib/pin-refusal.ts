import { PIN_WAIT_MINUTES } from '@salomtv/contract';
import { isApiError } from '../../../shared/api/api-error';

/** Why a switch to a profile (or a PIN check) did not go through, as the PIN dialog shows it. */
export type PinRefusal =
  /** The profile is locked: ask for its PIN. */
  | { kind: 'pin_required' }
  /** The PIN given is wrong. */
  | { kind: 'wrong_pin' }
  /** The account password given (to remove a forgotten PIN) is wrong. */
  | { kind: 'wrong_password' }
  /** Too many wrong tries: wait this many minutes. */
  | { kind: 'wait'; minutes: number }
  | { kind: 'other'; message: string | null };

/** Reads a refused `POST /api/profiles/select` or `/api/profiles/pin`. */
export function pinRefusalOf(error: unknown): PinRefusal {
  if (!isApiError(error) || error.kind !== 'http') return { kind: 'other', message: null };
  if (error.status === 403 && error.code === 'pin_required') return { kind: 'pin_required' };
  if (error.status === 429) {
    const seconds = error.retryAfterSeconds;
    return {
      kind: 'wait',
      minutes: seconds && seconds > 0 ? Math.ceil(seconds / 60) : PIN_WAIT_MINUTES,
    };
  }
  if (error.status === 400 && error.fields.pin) return { kind: 'wrong_pin' };
  if (error.status === 400 && error.fields.password) return { kind: 'wrong_password' };
  return { kind: 'other', message: error.message || null };
}

/** Only digits, at most four: what the PIN fields keep of what is typed or pasted. */
export const pinDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, 4);

export const isCompletePin = (pin: string): boolean => /^\d{4}$/.test(pin);
