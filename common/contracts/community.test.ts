import { describe, expect, it } from 'vitest';
import { inviteTokenFromHash, suspendedMessage } from './community';

describe('suspendedMessage (decision 54)', () => {
  it('says the end date in UTC and the reason, as one sentence', () => {
    expect(suspendedMessage('Spamming the chat', new Date('2030-01-15T23:59:59.000Z'))).toBe(
      'This account is suspended until 2030-01-15 23:59 UTC. Reason: Spamming the chat.',
    );
  });

  it('has no end date for a suspension without one, and one full stop after the reason', () => {
    expect(suspendedMessage('Rude to other members. ', null)).toBe(
      'This account is suspended. Reason: Rude to other members.',
    );
  });
});

describe('inviteTokenFromHash', () => {
  it("reads the invitation from a /join link's fragment, '' without one", () => {
    expect(inviteTokenFromHash('#invite=abc_DEF-123')).toBe('abc_DEF-123');
    expect(inviteTokenFromHash('invite=xyz')).toBe('xyz');
    expect(inviteTokenFromHash('#token=abc')).toBe('');
    expect(inviteTokenFromHash('')).toBe('');
  });
});
