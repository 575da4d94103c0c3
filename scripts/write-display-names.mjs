// `node scripts/write-display-names.mjs`, after `npx tsc -b` (it reads the built contract): writes the country and
// language names of the languages whose data Chromium's ICU lacks (apps/web/src/shared/i18n/display-names/
// <language>.ts), from Node's full ICU, so the app can name them in those languages anyway. Run it again (then
// `npx biome check --write`) after adding a language to LANGUAGES or a country to the contract.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRY_CODES } from '../packages/contract/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['uz'];
// The audio and subtitle languages a title is likely to carry.
const LANGUAGE_CODES = [
  'ar',
  'az',
  'bn',
  'de',
  'en',
  'es',
  'fa',
  'fr',
  'hi',
  'it',
  'ja',
  'kk',
  'ko',
  'ky',
  'pa',
  'ps',
  'pt',
  'ru',
  'tg',
  'tk',
  'tr',
  'uk',
  'ur',
  'uz',
  'zh',
];

for (const language of LANGUAGES) {
  const regions = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const languages = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' });
  const table = (codes, names) =>
    Object.fromEntries(codes.map((code) => [code, names.of(code)]).filter(([, name]) => name));
  const file = path.join(root, 'apps/web/src/shared/i18n/display-names', `${language}.ts`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `// Written by scripts/write-display-names.mjs from Node's ICU data (then formatted by Biome): edit that script.\n` +
      `export const regions: Readonly<Record<string, string>> = ${JSON.stringify(table(COUNTRY_CODES, regions), null, 2)};\n\n` +
      `export const languages: Readonly<Record<string, string>> = ${JSON.stringify(table(LANGUAGE_CODES, languages), null, 2)};\n`,
  );
  console.log(`wrote ${path.relative(root, file)}`);
}
