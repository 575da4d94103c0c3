import { translationKeys, translationSections } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { clauseOf, formSections, humanizeKey, inputIdOf } from './form-layout';

const fieldsOf = (keyword: string) => formSections(keyword).flatMap((section) => section.keys);

describe('the generated language form', () => {
  it('has one input per catalogue key, each with its own id, in the order of the sections', () => {
    const sections = formSections('En');
    expect(sections.map((section) => section.title)).toEqual(
      translationSections.filter((title) => translationKeys.some((key) => key.section === title)),
    );
    const ids = sections.flatMap((section) => section.keys.map((key) => inputIdOf(key.key)));
    expect(ids).toHaveLength(
      translationKeys.filter(
        (key) => !key.plural || key.plural.category === 'one' || key.plural.category === 'other',
      ).length,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('labels each input with what its text says, not with its key name', () => {
    const label = (key: string) => fieldsOf('En').find((field) => field.key === key)?.label;
    expect(label('it_supper_easy')).toBe('It is super easy');
    expect(label('whats_New_on_salomtv')).toBe("What's new on SalomTV");
    expect(label('sign_in')).toBe('Sign In');
    for (const section of formSections('Ru')) {
      const labels = section.keys.map((field) => field.label);
      expect(new Set(labels).size, section.title).toBe(labels.length);
    }
  });

  it('shows the plural forms the language uses, each labelled with numbers that take it', () => {
    const forms = (keyword: string) =>
      fieldsOf(keyword)
        .filter((field) => field.plural?.key === 'views_count')
        .map((field) => field.label);
    expect(forms('En')).toEqual(['{count} views (one: 1)', '{count} views (other: 0, 2, 3)']);
    expect(forms('Ru')).toEqual([
      '{count} views (one: 1, 21, 31)',
      '{count} views (few: 2, 3, 4)',
      '{count} views (many: 0, 5, 6)',
      '{count} views (other: 1.5)',
    ]);
    expect(forms('Ur')).toHaveLength(2);
    expect(forms('Uz')).toHaveLength(2);
    // A keyword no language tag fits (still being typed) gets English's forms.
    expect(forms('x')).toHaveLength(2);
  });

  it('cuts a long text at its first clause or at a word', () => {
    expect(clauseOf('Your free trial runs until {date}. Choose a plan now')).toBe(
      'Your free trial runs until {date}',
    );
    expect(clauseOf('Watch an endless choice of movies and shows on your phone, tablet, laptop and TV')).toBe(
      'Watch an endless choice of movies and…',
    );
    expect(humanizeKey('whats_New_on_salomtv')).toBe('Whats new on salomtv');
  });
});
