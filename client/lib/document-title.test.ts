import { describe, expect, it } from 'vitest';
import { pageTitle, titleWithUnread } from './document-title';

describe('pageTitle', () => {
  it('puts the most specific part first and the product last', () => {
    expect(pageTitle('203 · Systems Theory', 'Intellectual')).toBe(
      '203 · Systems Theory · Intellectual · Tribe36',
    );
    expect(pageTitle('Alice Runner')).toBe('Alice Runner · Tribe36');
  });

  it('is the product alone for the home page, and skips empty parts', () => {
    expect(pageTitle()).toBe('Tribe36');
    expect(pageTitle(null, '  ', undefined, 'Spiritual')).toBe('Spiritual · Tribe36');
  });
});

describe('titleWithUnread', () => {
  it("puts the unread count in front of the page's own title, and nothing when there are none", () => {
    expect(titleWithUnread('Tribe36', 3)).toBe('(3) Tribe36');
    expect(titleWithUnread('Reports · Tribe36', 1)).toBe('(1) Reports · Tribe36');
    expect(titleWithUnread('Tribe36', 0)).toBe('Tribe36');
    expect(titleWithUnread('Tribe36', 120)).toBe('(99+) Tribe36');
  });
});
