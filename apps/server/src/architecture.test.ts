import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layout rules (README, "Domains"), read from the source itself.
const src = import.meta.dirname;

/** The domains in the order container.ts creates their modules: `createXModule(` calls, first to last. */
function domainsInContainerOrder(): string[] {
  const container = fs.readFileSync(path.join(src, 'container.ts'), 'utf8');
  const body = container.slice(container.indexOf('export async function createContainer'));
  return [...body.matchAll(/\bcreate(\w+)Module\(/g)].map((match) => match[1]!.toLowerCase());
}

const domains = domainsInContainerOrder();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** Every relative import of a file (static, dynamic, type-only), as a path under src. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(src, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
  );
}

/** The domain a path under src belongs to: `modules/<domain>/…`. */
const domainOf = (file: string) => {
  const [top, domain] = file.split('/');
  return top === 'modules' && domain && domains.includes(domain) ? domain : undefined;
};

// Test support (the harness, the scale-out kit) may reach into any domain, as the tests do.
const files = sourceFiles('.').filter((file) => !file.startsWith('test/') && !file.startsWith('scale/'));

describe('server layout', () => {
  it('the container creates every domain once, each from its folder', () => {
    expect(domains).toEqual(['languages', 'billing', 'accounts', 'catalog', 'media', 'playback', 'admin']);
    for (const domain of domains) {
      const face = fs.readFileSync(path.join(src, 'modules', domain, 'module.ts'), 'utf8');
      const name = `create${domain[0]!.toUpperCase()}${domain.slice(1)}Module`;
      expect(face, `modules/${domain}/module.ts exports ${name}`).toMatch(
        new RegExp(`export (async )?function ${name}\\(`),
      );
    }
  });

  it('every folder of modules/ is a domain the container creates', () => {
    const folders = fs
      .readdirSync(path.join(src, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...domains].sort());
  });

  it('code outside a domain reaches it only through its module.ts', () => {
    const reachingIn = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => {
          const domain = domainOf(target);
          return (
            domain !== undefined && domain !== domainOf(file) && target !== `modules/${domain}/module.js`
          );
        })
        .map((target) => `${file} imports ${target}`),
    );
    expect(reachingIn).toEqual([]);
  });

  it('a domain depends only on domains created before it (the other way is an event)', () => {
    const backwards = files.flatMap((file) => {
      const from = domainOf(file);
      if (!from) return [];
      return importsOf(file)
        .map(domainOf)
        .filter((to): to is string => to !== undefined && domains.indexOf(to) > domains.indexOf(from))
        .map((to) => `${file} (${from}) imports ${to}`);
    });
    expect(backwards).toEqual([]);
  });

  it('the shared layers (platform, lib, db, plugins) import no domain', () => {
    const shared = files.filter(
      (file) => /^(platform|lib|db|plugins)\//.test(file) && !file.startsWith('db/seed/'),
    );
    expect(shared.length).toBeGreaterThan(20);
    const offending = shared.flatMap((file) =>
      importsOf(file)
        .filter((target) => domainOf(target) !== undefined)
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
