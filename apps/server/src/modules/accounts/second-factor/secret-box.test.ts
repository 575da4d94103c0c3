import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, normalRecoveryCode } from './recovery-codes.js';
import { SecretBox } from './secret-box.js';

const KEY = 'a-test-key-that-seals-totp-secrets-1';

describe('SecretBox', () => {
  it('opens what it sealed, for the same account and key only', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:7');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:7')).toBe('JBSWY3DPEHPK3PXP');
    // Sealed twice, it reads differently (a fresh IV each time).
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:7')).not.toBe(sealed);
    expect(box.open(sealed, 'totp:8')).toBeUndefined();
    expect(new SecretBox(`${KEY}-other`).open(sealed, 'totp:7')).toBeUndefined();
    const [version, iv, tag, body] = sealed.split('.');
    // The first character: the last one of base64url may carry only padding bits.
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'), 'totp:7')).toBeUndefined();
  });

  it('keys recovery-code hashes to the setting, so a copied database cannot try codes offline', () => {
    expect(new SecretBox(KEY).codeHash('abcde-fghjk')).toBe(new SecretBox(KEY).codeHash('abcde-fghjk'));
    expect(new SecretBox(KEY).codeHash('abcde-fghjk')).not.toBe(
      new SecretBox(`${KEY}-other`).codeHash('abcde-fghjk'),
    );
  });
});

describe('recovery codes', () => {
  it('are ten different codes that read back however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(normalRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code);
    }
    expect(normalRecoveryCode('short')).toBeUndefined();
    expect(normalRecoveryCode('abcde-fghj1')).toBeUndefined();
  });
});
