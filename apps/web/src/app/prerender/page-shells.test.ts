import { describe, expect, it } from 'vitest';
import { renderPageShells } from './page-shells';

// What a visitor reads, outside tags: every word must come from the language's texts or the title's fields.
const visibleText = (shell: string) =>
  shell
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\{[@#]?[A-Za-z0-9_]+\}\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the first paints of the landing page, /home and the pages that start without data', () => {
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
        expect(shell).toMatch(new RegExp(`<(span|p|bdi)\\b[^>]*>\\{\\{#${field}\\}\\}</\\1>`));
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

  it('sign-in and pricing: the page as the app first renders it, signed in or out, every word a mark', () => {
    expect(Object.keys(shells.pages).sort()).toEqual(['/pricingplan', '/signin']);
    for (const [path, { signedIn, signedOut }] of Object.entries(shells.pages)) {
      for (const shell of [signedIn, signedOut]) {
        expect(shell.startsWith(`<div id="prerendered-page" data-path="${path}">`)).toBe(true);
        expect(visibleText(shell)).toBe('Salom TV');
      }
      expect(signedOut).toContain('href="/signin"');
      expect(signedIn).toContain('aria-label="{{my_profile}}"');
    }
    const signIn = shells.pages['/signin']?.signedOut ?? '';
    expect(signIn).toContain('>{{sign_in}}</h1>');
    // The fields carry the names the app's fields have: what is typed before the app takes over is kept.
    const field = (name: string) => new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(signIn)?.[0] ?? '';
    expect(field('phone_number')).toContain('placeholder="{{email_or_phone_number}}"');
    expect(field('password')).toContain('type="password"');
    expect(field('remember_me')).toContain('type="checkbox"');
    const pricing = shells.pages['/pricingplan']?.signedOut ?? '';
    expect(pricing).toContain('>{{pricing_plan}}</h1>');
    expect(pricing).toContain('{{trial_pricing_intro}}');
  });

  it("browse sections: the first title's slide with its views, under the section's heading", () => {
    expect(Object.keys(shells.sections).sort()).toEqual(['/kidsection', '/movies', '/serials']);
    const headings = { '/movies': 'movies', '/serials': 'serials', '/kidsection': 'kids_section' };
    for (const [path, key] of Object.entries(headings)) {
      const section = shells.sections[path as keyof typeof shells.sections];
      for (const shell of [
        section.signedIn.image,
        section.signedIn.plain,
        section.signedOut.image,
        section.signedOut.plain,
      ]) {
        expect(shell.startsWith(`<div id="prerendered-page" data-path="${path}">`)).toBe(true);
        expect(shell).toContain(`<h1 class="sr-only">{{${key}}}</h1>`);
        expect(shell).toMatch(/<h2 [^>]*>\{\{#title\}\}<\/h2>/);
        expect(shell).toContain('<span>{{#views}}</span>');
        expect(shell).toContain('{{watch_now}}');
        expect(visibleText(shell)).toBe('Salom TV');
      }
      expect(section.signedIn.image).toMatch(/<img src="\{\{#image_url\}\}"/);
      expect(section.signedOut.plain).not.toContain('<img');
    }
  });
});
