import { translationKeys, translationSections } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { formSections, humanizeKey, inputIdOf } from './form-layout';

describe('the generated language form', () => {
  it('has one input per catalogue key, each with its own id, in the order of the sections', () => {
    const sections = formSections();
    expect(sections.map((section) => section.title)).toEqual(
      translationSections.filter((title) => translationKeys.some((key) => key.section === title)),
    );
    const ids = sections.flatMap((section) => section.keys.map((key) => inputIdOf(key.key)));
    expect(ids).toHaveLength(translationKeys.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('labels keys in words', () => {
    expect(humanizeKey('whats_New_on_salomtv')).toBe('Whats new on salomtv');
  });
});
