import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text, newlines included, as one part', () => {
    expect(linkify('hello\nteam')).toEqual([{ kind: 'text', text: 'hello\nteam' }]);
    expect(linkify('')).toEqual([]);
  });

  it('finds http and https links between text', () => {
    expect(linkify('see https://example.com/a?b=1 and http://x.org')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
    ]);
  });

  it('leaves sentence punctuation and unmatched brackets outside the link', () => {
    expect(linkify('(https://example.com/a).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ').' },
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar), ok')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('never links other schemes or markup', () => {
    const text = 'javascript:alert(1) <a href="https://evil.example">x</a> ftp://x.org';
    const parts = linkify(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['https://evil.example']);
  });

  it('joins back to the original text', () => {
    const text = 'a https://x.org/p, b\nhttps://y.org/(q) c!';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
