import { describe, expect, it } from 'vitest';
import type { AccountTokensRepository } from '../../db/repositories/account-tokens.repository';
import { LinkOriginError } from '../../lib/link-origin';
import { accountLinks } from './account-links';

/** A token store that only counts what it is asked to store. */
function store() {
  const stored: unknown[] = [];
  const tokens = {
    insertWithin: async (row: unknown) => {
      stored.push(row);
      return true;
    },
  } as unknown as AccountTokensRepository;
  return { tokens, stored };
}

describe('accountLinks.issue', () => {
  it('builds the link on the origin it is given, never on anything else', async () => {
    const { tokens, stored } = store();
    const links = accountLinks(tokens, Date.now, () => 'https://tribe36.example.com');
    const link = await links.issue('u1', 'reset-password', 'a@example.com', 60_000, '/reset-password');
    expect(link).toMatch(/^https:\/\/tribe36\.example\.com\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    expect(stored).toHaveLength(1);
  });

  it('refuses an origin that is not http: or https:, storing nothing', async () => {
    for (const origin of ['javascript:alert(1)//x', 'data:text/html,x', 'ftp://example.com', '']) {
      const { tokens, stored } = store();
      const links = accountLinks(tokens, Date.now, () => origin);
      await expect(
        links.issue('u1', 'confirm-email', 'a@example.com', 60_000, '/confirm-email'),
        origin,
      ).rejects.toThrow(LinkOriginError);
      expect(stored).toHaveLength(0);
    }
  });
});
