import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeNextPath } from './safe-next';

describe('after sign-in', () => {
  it('goes to next when given, else by role', () => {
    expect(afterSignInPath('admin', '/language')).toBe('/language');
    expect(afterSignInPath('admin', null)).toBe('/dashboard');
    expect(afterSignInPath('user', undefined)).toBe('/home');
  });

  it('asks who is watching first when the household has several profiles', () => {
    expect(afterSignInPath('user', null, 2)).toBe('/profiles');
    expect(afterSignInPath('user', '/userprofile', 3)).toBe('/profiles?next=%2Fuserprofile');
    expect(afterSignInPath('user', '/profiles/manage', 2)).toBe('/profiles/manage');
    expect(afterSignInPath('user', null, 1)).toBe('/home');
    expect(afterSignInPath('admin', null, 4)).toBe('/dashboard');
    expect(afterSignInPath('user', '//evil.example', 2)).toBe('/profiles');
  });

  it('never follows next off the site', () => {
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(next)).toBeUndefined();
    }
  });
});
