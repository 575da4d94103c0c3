import { describe, expect, it } from 'vitest';
import { mediaCondition, requestedStatus, settledStatus } from './media-state.js';
import { htmlToText, sanitizeHtml } from './sanitize-html.js';
import { displayGenre } from './service.js';

describe('description sanitiser', () => {
  it('keeps the small allowed set and drops every attribute but a safe href', () => {
    expect(
      sanitizeHtml('<p class="x" style="color:red">Hi <strong>there</strong><br/><em>you</em></p>'),
    ).toBe('<p>Hi <strong>there</strong><br><em>you</em></p>');
    expect(sanitizeHtml('<ul><li>One</li><li>Two</ul><ol><li>Three</li></ol>')).toBe(
      '<ul><li>One</li><li>Two</li></ul><ol><li>Three</li></ol>',
    );
    expect(sanitizeHtml('<b>bold</b> <i>it</i>')).toBe('<strong>bold</strong> <em>it</em>');
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('removes scripts, handlers, dangerous links and unknown tags', () => {
    expect(sanitizeHtml('<script>alert(1)</script><style>p{}</style>ok')).toBe('ok');
    expect(sanitizeHtml('<img src=x onerror=alert(1)><iframe src="https://e.com"></iframe>text')).toBe(
      'text',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="data:text/html,x">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<div><span>kept text</span></div>')).toBe('kept text');
    expect(sanitizeHtml('<svg><script>x</script></svg>after')).toBe('after');
    expect(sanitizeHtml('<!-- note --><p>x</p>')).toBe('<p>x</p>');
  });

  it('escapes text, balances tags and survives broken markup', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    expect(sanitizeHtml('</p>stray</em>')).toBe('stray');
    expect(sanitizeHtml('<p>a<em>b</p>c')).toBe('<p>a<em>b</em></p>c');
    // A ">" inside a quoted attribute is not parsed as markup: the whole thing stays harmless text.
    expect(sanitizeHtml('<p title="a>b">x</p>')).toBe('&lt;p title="a&gt;b"&gt;x');
    expect(sanitizeHtml(`${'<a'.repeat(5000)}x`)).toContain('&lt;a');
  });

  it('reduces a description to plain text for cards', () => {
    expect(htmlToText('<p>A <strong>tense</strong> night.</p><p>Then &amp; now</p>')).toBe(
      'A tense night. Then & now',
    );
  });
});

describe('title status rules', () => {
  it('follows the media for unpublished titles and leaves published ones alone', () => {
    expect(mediaCondition([])).toBe('none');
    expect(mediaCondition([{ status: 'ready' }, { status: 'queued' }])).toBe('pending');
    expect(mediaCondition([{ status: 'ready' }, { status: 'failed' }])).toBe('failed');
    expect(settledStatus('draft', 'pending')).toBe('processing');
    expect(settledStatus('processing', 'ok')).toBe('ready');
    expect(settledStatus('processing', 'failed')).toBe('failed');
    expect(settledStatus('failed', 'none')).toBe('draft');
    expect(settledStatus('published', 'pending')).toBe('published');
    expect(settledStatus('archived', 'failed')).toBe('archived');
  });

  it('lets an admin publish or archive at any time, but not hide a running transcode', () => {
    expect(requestedStatus('processing', 'published', 'pending')).toBe('published');
    expect(requestedStatus('processing', 'draft', 'pending')).toBe('processing');
    expect(requestedStatus('published', 'ready', 'ok')).toBe('ready');
    expect(requestedStatus('ready', '', 'ok')).toBe('ready');
  });

  it('spells genres one way', () => {
    expect(displayGenre(' sci-fi ')).toBe('Sci-Fi');
    expect(displayGenre('TV thriller')).toBe('Tv Thriller');
  });
});
