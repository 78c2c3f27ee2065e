import { describe, expect, it } from 'vitest';
import { can } from './index';

const member = { user: { id: 'm' }, isAdmin: false };
const coach = { user: { id: 'c' }, isAdmin: true };

describe('event rules (decision 82)', () => {
  it('lets only coaches manage sessions and see who comes', () => {
    expect(can(coach, 'events.manage')).toBe(true);
    expect(can(member, 'events.manage')).toBe(false);
    expect(can(coach, 'event.attendees')).toBe(true);
    expect(can(member, 'event.attendees')).toBe(false);
  });
  it('shows the meeting link to those going and to coaches', () => {
    expect(can(member, 'event.meeting-url', { going: true })).toBe(true);
    expect(can(member, 'event.meeting-url', { going: false })).toBe(false);
    expect(can(coach, 'event.meeting-url', { going: false })).toBe(true);
  });
});
