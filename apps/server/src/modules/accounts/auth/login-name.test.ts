import { describe, expect, it } from 'vitest';
import { loginName } from './login-name.js';

describe('loginName', () => {
  it('gives every common spelling of a number the one E.164 form', () => {
    for (const typed of [
      '+998901234567',
      '+998 90 123 45 67',
      '998901234567',
      '00998901234567',
      '00 998 90 123 45 67',
      '(+998) 90-123-45-67',
      '0998.90.123.4567',
      '  +998 (90) 1234567 ',
    ]) {
      expect(loginName(typed), typed).toEqual({ kind: 'phone', value: '+998901234567' });
    }
  });

  it('gives an email in lower case without surrounding spaces', () => {
    expect(loginName('  Viewer@Example.COM ')).toEqual({ kind: 'email', value: 'viewer@example.com' });
  });

  it('reads a number in its national form in the country chosen beside it, and any international form too', () => {
    for (const typed of [
      '91 088 72 99',
      '0910887299',
      '+998 91 088 72 99',
      '998910887299',
      '00998 91 088 72 99',
    ]) {
      expect(loginName(typed, 'UZ'), typed).toEqual({ kind: 'phone', value: '+998910887299' });
    }
    expect(loginName('0300 1234567', 'PK')).toEqual({ kind: 'phone', value: '+923001234567' });
    // The national form means nothing without the country.
    expect(loginName('0910887299')).toEqual({ kind: 'invalid' });
  });

  it('calls text that is neither a valid number nor an email invalid', () => {
    for (const typed of [
      '12345',
      '+998 91 088',
      'viewer',
      'viewer@',
      '@example.com',
      '+1 555',
      '91 088 72 99 12',
    ]) {
      expect(loginName(typed, 'UZ'), typed).toEqual({ kind: 'invalid' });
    }
  });
});
