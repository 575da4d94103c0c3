import { describe, expect, it } from 'vitest';
import { renderPageShells } from './page-shells';

// What a visitor reads, outside tags: every word must come from the language's texts or the title's fields.
const visibleText = (shell: string) =>
  shell
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\{[@#]?[a-z_]+\}\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the first paints of the landing page and /home', () => {
  const shells = renderPageShells();

  it('landing: the header and hero with text marks the server fills, inside the element the app removes', () => {
    const shell = shells.landing;
    expect(shell.startsWith('<div id="prerendered-page" data-path="/">')).toBe(true);
    expect(shell).toContain('<h1 id="landing-title"');
    expect(shell).toContain('>{{world_best}}</h1>');
    expect(shell).toContain('{{@language_title}}');
    expect(shell).toContain('href="/signupotp"');
    expect(shell).toContain('href="/signin"');
    expect(visibleText(shell)).toBe('Salom TV');
  });

  it("home: the featured title's slide, its optional fields each alone in an element, the picture only where asked", () => {
    for (const shell of [
      shells.home.signedIn.image,
      shells.home.signedIn.plain,
      shells.home.signedOut.image,
      shells.home.signedOut.plain,
    ]) {
      expect(shell.startsWith('<div id="prerendered-page" data-path="/home">')).toBe(true);
      expect(shell).toMatch(/<h2 [^>]*>\{\{#title\}\}<\/h2>/);
      for (const field of ['runtime', 'year', 'genres', 'summary']) {
        expect(shell).toMatch(new RegExp(`<(span|p)\\b[^>]*>\\{\\{#${field}\\}\\}</(span|p)>`));
      }
      expect(shell).toContain('{{play_now}}');
      expect(visibleText(shell)).toBe('Salom TV');
    }
    expect(shells.home.signedIn.image).toMatch(
      /<img src="\{\{#image_url\}\}" srcSet="\{\{#image_srcset\}\}"/,
    );
    expect(shells.home.signedIn.plain).not.toContain('<img');
    // Signed out: Sign In; signed in: the profile menu instead.
    expect(shells.home.signedOut.plain).toContain('href="/signin"');
    expect(shells.home.signedIn.plain).not.toContain('href="/signin"');
    expect(shells.home.signedIn.plain).toContain('aria-label="{{my_profile}}"');
  });
});
