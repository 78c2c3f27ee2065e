/** The Access Denied card's text for a failed profile load (SPEC §8). */
export function memberProfileErrorText(status: number | null): string {
  if (status === 403) return 'This profile is private';
  if (status === 404) return 'Member not found';
  return 'Failed to load profile';
}
