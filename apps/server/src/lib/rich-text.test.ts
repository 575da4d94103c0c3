import { describe, expect, it } from 'vitest';
import { cleanRichText, excerptOf, richTextWords, toPlainText } from './rich-text.js';

/** Payloads that filters matching the lower-case word miss, and markup that runs without a script tag. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="steal()" onmouseover="x()" style="background:url(javascript:alert(1))">styled</p>',
  '<a href="javascript:alert(1)">plain</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="jav&#x61;script:alert(1)">hex entity</a>',
  '<a href="&#106;avascript:alert(1)">decimal entity</a>',
  '<a href="java\tscript:alert(1)">tab</a>',
  '<a href=" javascript:alert(1)">space</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<a href="//evil.example">protocol-relative</a>',
  '<svg onload="alert(1)"><script>alert(2)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<style>body{background:red}</style><iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf"><template><img src=x onerror=alert(1)></template>',
  '<form action="https://evil.example"><input name="a"><button>go</button></form>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<a href="https://ok.example/x" target="_blank" onclick="x()">good</a>',
];

describe('the rich text policy', () => {
  it('keeps the editors’ markup and safe links', () => {
    expect(cleanRichText('<p class="x">Hi <b>there</b><br/><i>you</i></p>')).toBe(
      '<p>Hi <strong>there</strong><br /><em>you</em></p>',
    );
    expect(
      cleanRichText(
        '<h1>Big</h1><h3>Small</h3><blockquote>q</blockquote><ul><li>a</li></ul><ol><li>b</li></ol>',
      ),
    ).toBe('<h2>Big</h2><h3>Small</h3><blockquote>q</blockquote><ul><li>a</li></ul><ol><li>b</li></ol>');
    expect(cleanRichText('<a href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(cleanRichText('<a href="mailto:help@salomtv.example">mail</a>')).toBe(
      '<a href="mailto:help@salomtv.example" rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  it('removes scripts, handlers, styles, svg, frames and every unsafe address, in any spelling', () => {
    const clean = cleanRichText(HOSTILE.join(''));
    for (const banned of [
      /<script/i,
      /alert|msgbox|steal/,
      /\son\w+=/i,
      /javascript|vbscript|data:/i,
      /<(img|svg|math|style|iframe|object|embed|template|form|input|button|base|meta)\b/i,
      /style=|class=|target=|xlink/i,
      /evil\.example/,
    ]) {
      expect(clean, String(banned)).not.toMatch(banned);
    }
    // The text of a refused link stays; only the tag goes.
    for (const text of ['plain', 'mixed case', 'hex entity', 'decimal entity', 'tab', 'protocol-relative'])
      expect(clean).toContain(text);
    expect(clean).toContain('<p>styled</p>');
    expect(clean).toContain('<a href="https://ok.example/x" rel="noopener noreferrer nofollow">good</a>');
  });

  it('escapes text, balances tags and survives broken markup', () => {
    expect(cleanRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(cleanRichText('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    // As a browser parses it: a stray </p> is an empty paragraph, a stray </em> nothing.
    expect(cleanRichText('</p>stray</em>')).toBe('<p></p>stray');
    expect(cleanRichText('<!-- note --><p>x</p>')).toBe('<p>x</p>');
    expect(cleanRichText(`${'<a'.repeat(5000)}x`)).not.toContain('<a');
    // Clean text stays as it is when cleaned again: the migration changes only what needs it.
    const once = cleanRichText(HOSTILE.join(''));
    expect(cleanRichText(once)).toBe(once);
  });

  it('reads the words of stored text for cards and excerpts, and plain text out of a title', () => {
    const stored = cleanRichText(
      '<p>A <b>tense</b> night.</p><p>Then &amp; now: 1 &lt; 2</p><ul><li>x</li></ul>',
    );
    expect(richTextWords(stored)).toBe('A tense night. Then & now: 1 < 2 x');
    expect(richTextWords(cleanRichText('a<br>b'))).toBe('a b');
    expect(excerptOf(cleanRichText('<p>One</p><p>Two</p>'))).toBe('One Two');
    expect(excerptOf(cleanRichText(`<p>${'word '.repeat(100)}</p>`), 50).length).toBeLessThanOrEqual(51);
    expect(toPlainText('<script>alert(1)</script>Hello <b>there</b>')).toBe('Hello there');
    expect(toPlainText('Tom &amp; Jerry <3')).toBe('Tom & Jerry <3');
  });
});
