import { badRequest } from '../../../lib/errors.js';
import type { LanguageDirectory } from '../../languages/module.js';

/** The stored spelling of an existing language keyword (any case), or a 400 on the `language` field. */
export async function knownLanguageKeyword(languages: LanguageDirectory, keyword: string): Promise<string> {
  const match = (await languages.list()).find(
    (language) => language.keyword.toLowerCase() === keyword.toLowerCase(),
  );
  if (!match) throw badRequest('Unknown language', { language: 'Choose one of the languages' });
  return match.keyword;
}
