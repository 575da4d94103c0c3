import { describe, expect, it } from 'vitest';
import { readCookie, readCsrfToken } from './csrf';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%2By; b=2', 'XSRF-TOKEN')).toBe('x+y');
    expect(readCsrfToken('XSRF-TOKEN=abc=def')).toBe('abc=def');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('', 'XSRF-TOKEN')).toBeUndefined();
  });
});
