import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeNextPath } from './safe-next';

describe('after sign-in', () => {
  it('goes to next when given, else by role', () => {
    expect(afterSignInPath('admin', '/language')).toBe('/language');
    expect(afterSignInPath('admin', null)).toBe('/dashboard');
    expect(afterSignInPath('user', undefined)).toBe('/home');
  });

  it('never follows next off the site', () => {
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(next)).toBeUndefined();
    }
  });
});
