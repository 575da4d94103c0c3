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

  it('compacts a name that is no valid number the same way, so its spellings are counted together', () => {
    const spellings = ['+1 555', '1555', '001-555', '(1) 555'].map(loginName);
    expect(new Set(spellings.map((name) => JSON.stringify(name))).size).toBe(1);
    expect(spellings[0]).toEqual({ kind: 'other', value: '+1555' });
  });
});
