import { describe, expect, it } from 'vitest';
import { type KeyValueStore, readStoredLanguage, writeStoredLanguage } from './language-storage';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (name) => data[name] ?? null,
    setItem: (name, value) => {
      data[name] = value;
    },
  };
}

describe('language storage', () => {
  it('defaults to En / English with no flag until the list says which (never an Italy flag)', () => {
    expect(readStoredLanguage(memoryStore())).toEqual({ keyword: 'En', title: 'English', flag: null });
    expect(readStoredLanguage(undefined)).toEqual({ keyword: 'En', title: 'English', flag: null });
  });

  it('reads and writes the spec names key, language_title and flag', () => {
    const store = memoryStore();
    writeStoredLanguage({ keyword: 'Ur', title: 'اردو', flag: '/media/flags/ur.webp' }, store);
    expect(store.data).toEqual({ key: 'Ur', language_title: 'اردو', flag: '/media/flags/ur.webp' });
    expect(readStoredLanguage(store)).toEqual({ keyword: 'Ur', title: 'اردو', flag: '/media/flags/ur.webp' });
  });

  it('ignores a malformed keyword', () => {
    expect(readStoredLanguage(memoryStore({ key: '<script>', language_title: 'X' })).keyword).toBe('En');
  });
});
