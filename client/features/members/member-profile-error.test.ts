import { describe, expect, it } from 'vitest';
import { memberProfileErrorText } from './member-profile-error';

describe('memberProfileErrorText', () => {
  it('names the spec’s three cases (SPEC §8)', () => {
    expect(memberProfileErrorText(403)).toBe('This profile is private');
    expect(memberProfileErrorText(404)).toBe('Member not found');
    expect(memberProfileErrorText(500)).toBe('Failed to load profile');
    expect(memberProfileErrorText(null)).toBe('Failed to load profile');
  });
});
