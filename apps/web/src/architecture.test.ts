import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN.md's layout rule for the web app: a feature imports only shared/ and packages (the contract, libraries),
// never another feature or app/; shared/ imports neither features nor app/. Only app/ composes features.
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Every `import … from`, `export … from`, bare `import '…'` and `import('…')` specifier of a source text. */
function importSpecifiers(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern =
    /\b(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...withoutComments.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '');
}

/** The unit a file under src belongs to: `features/<name>` (`features/admin/<name>`), `shared`, `app` or the entry. */
function unitOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === 'features') {
    return parts[1] === 'admin' && parts.length > 3 ? `features/admin/${parts[2]}` : `features/${parts[1]}`;
  }
  if (parts[0] === 'shared' || parts[0] === 'app') return parts[0];
  return parts.join('/');
}

/** Why importing `specifier` from `file` breaks the layout rule, or undefined when it is allowed. */
function ruleBroken(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const from = unitOf(file);
  const to = unitOf(path.resolve(path.dirname(file), specifier));
  if (from === to) return undefined;
  if (from.startsWith('features/') && to !== 'shared') {
    return to.startsWith('features/')
      ? `a feature imports another feature (${to})`
      : `a feature imports ${to} (only shared/ is allowed)`;
  }
  if (from === 'shared' && (to === 'app' || to.startsWith('features/'))) return `shared/ imports ${to}`;
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function violationsUnder(folder: string): string[] {
  return sourceFiles(path.join(SRC, folder)).flatMap((file) =>
    importSpecifiers(fs.readFileSync(file, 'utf8')).flatMap((specifier) => {
      const reason = ruleBroken(file, specifier);
      return reason ? [`${path.relative(SRC, file)} imports '${specifier}': ${reason}`] : [];
    }),
  );
}

describe('web layout rule', () => {
  it('keeps each feature to itself, shared/ and packages', () => {
    expect(violationsUnder('features')).toEqual([]);
  });

  it('keeps shared/ free of features and app/', () => {
    expect(violationsUnder('shared')).toEqual([]);
  });

  it('keeps shared/ to generic pieces: the api client and its calls, hooks, i18n, ui and test helpers', () => {
    const folders = fs
      .readdirSync(path.join(SRC, 'shared'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(['api', 'hooks', 'i18n', 'testing', 'ui']);
  });

  it('names a cross-feature import, a feature importing app/ and shared/ importing a feature', () => {
    const checkout = path.join(SRC, 'features/checkout/components/page.tsx');
    const source = `import { a } from '../../pricing/api/pricing-api';
import {
  b,
} from '../../../app/routing/viewer-routes';
const page = () => import('../../admin/users/components/users-page');
import { c } from '../../../shared/ui/button';
import { d } from '../api/checkout-api';
import { z } from 'zod';`;
    expect(
      importSpecifiers(source)
        .map((specifier) => ruleBroken(checkout, specifier))
        .filter(Boolean),
    ).toEqual([
      'a feature imports another feature (features/pricing)',
      'a feature imports app (only shared/ is allowed)',
      'a feature imports another feature (features/admin/users)',
    ]);
    expect(ruleBroken(path.join(SRC, 'features/admin/users/x.ts'), '../movies/api/movies')).toBe(
      'a feature imports another feature (features/admin/movies)',
    );
    expect(ruleBroken(path.join(SRC, 'shared/ui/x.tsx'), '../../features/player/lib/clock')).toBe(
      'shared/ imports features/player',
    );
    expect(
      ruleBroken(path.join(SRC, 'app/layouts/x.tsx'), '../../features/player/lib/clock'),
    ).toBeUndefined();
  });
});
