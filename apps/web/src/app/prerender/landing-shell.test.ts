import { describe, expect, it } from 'vitest';
import { renderLandingShell } from './landing-shell';

describe('the landing page first paint', () => {
  const shell = renderLandingShell();
  // What a visitor reads, outside tags: every word must come from the language's texts.
  const visibleText = shell
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\{@?[a-z_]+\}\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

  it('is the header and hero with text marks the server fills, inside the element the app removes', () => {
    expect(shell.startsWith('<div id="prerendered-landing">')).toBe(true);
    expect(shell).toContain('<h1 id="landing-title"');
    expect(shell).toContain('>{{world_best}}</h1>');
    expect(shell).toContain('{{@language_title}}');
    expect(shell).toContain('href="/signupotp"');
    expect(shell).toContain('href="/signin"');
  });

  it('holds no text of its own but the brand name', () => {
    expect(visibleText).toBe('Salom TV');
  });
});
