import { describe, expect, it } from 'vitest';
import {
  EVENT_PARAM as COMMON_PARAM,
  EVENTS_PATH as COMMON_PATH,
  notificationUrl,
} from '@common/notification-links';
import { EVENT_PARAM, EVENTS_PATH, eventPagePath } from '../../lib/paths';
import { durationLabel } from './event-time';

describe('the events page address (decision 82)', () => {
  it("agrees with the notifications' address", () => {
    expect(EVENTS_PATH).toBe(COMMON_PATH);
    expect(EVENT_PARAM).toBe(COMMON_PARAM);
    const id = '0b8a1c1e-8d1f-4a4c-9a55-2f1d6c3e9b10';
    expect(eventPagePath(id)).toBe(notificationUrl({ type: 'event', eventId: id }));
  });
  it('writes durations', () => {
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(90)).toBe('1 h 30 min');
  });
});
