import { describe, expect, it } from 'vitest';
import { isSearchable, searchMembersQueryOptions } from './search-members';

describe('member search', () => {
  it('runs from 2 characters, counted after trimming and as characters', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('z')).toBe(false);
    expect(isSearchable('  z  ')).toBe(false);
    expect(isSearchable('ze')).toBe(true);
    expect(isSearchable('🏀')).toBe(false);
    expect(isSearchable('🏀🏀')).toBe(true);
  });

  it('keys the query by the trimmed text and stays off below 2 characters', () => {
    expect(searchMembersQueryOptions(' ze ').queryKey).toEqual(['/api/members', { search: 'ze' }]);
    expect(searchMembersQueryOptions('z').enabled).toBe(false);
    expect(searchMembersQueryOptions('zel').enabled).toBe(true);
  });
});
