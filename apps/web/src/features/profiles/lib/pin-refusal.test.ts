import { PIN_WAIT_MINUTES } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../../shared/api/api-error';
import { isCompletePin, pinDigits, pinRefusalOf } from './pin-refusal';

const refused = (
  status: number,
  code: string,
  fields: Record<string, string> = {},
  retryAfterSeconds?: number,
) => new ApiError({ status, code, message: `${code} message`, fields, retryAfterSeconds });

describe('a refused profile switch', () => {
  it('asks for the PIN of a locked profile', () => {
    expect(pinRefusalOf(refused(403, 'pin_required'))).toEqual({ kind: 'pin_required' });
  });

  it('says a wrong PIN or a wrong account password', () => {
    expect(pinRefusalOf(refused(400, 'validation_failed', { pin: 'The PIN is wrong' }))).toEqual({
      kind: 'wrong_pin',
    });
    expect(pinRefusalOf(refused(400, 'validation_failed', { password: 'wrong' }))).toEqual({
      kind: 'wrong_password',
    });
  });

  it('makes the viewer wait the minutes the server says, rounded up', () => {
    expect(pinRefusalOf(refused(429, 'too_many_requests', {}, 61))).toEqual({ kind: 'wait', minutes: 2 });
    expect(pinRefusalOf(refused(429, 'too_many_requests', {}, 900))).toEqual({ kind: 'wait', minutes: 15 });
    expect(pinRefusalOf(refused(429, 'too_many_requests'))).toEqual({
      kind: 'wait',
      minutes: PIN_WAIT_MINUTES,
    });
  });

  it('passes anything else on with its message', () => {
    expect(pinRefusalOf(refused(404, 'not_found'))).toEqual({ kind: 'other', message: 'not_found message' });
    expect(pinRefusalOf(networkError())).toEqual({ kind: 'other', message: null });
    expect(pinRefusalOf(new Error('boom'))).toEqual({ kind: 'other', message: null });
  });
});

describe('a PIN as typed', () => {
  it('keeps four digits at most', () => {
    expect(pinDigits('12a3 4 5')).toBe('1234');
    expect(pinDigits('٣')).toBe('');
    expect(isCompletePin('1234')).toBe(true);
    expect(isCompletePin('123')).toBe(false);
  });
});
