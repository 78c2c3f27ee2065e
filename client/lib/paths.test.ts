import { describe, expect, it } from 'vitest';
import { findLesson } from '@common/curriculum';
import { DRILLS_PATH as NOTIFIED_DRILLS_PATH } from '@common/notification-links';
import {
  DRILLS_PATH,
  lessonPath,
  memberHref,
  memberPath,
  PROFILE_EDIT_PATH,
  PROFILE_PATH,
  thinkTankPath,
  topicPath,
} from './paths';

describe('memberPath', () => {
  it('is the member page, the username encoded', () => {
    expect(memberPath('zelda')).toBe('/member/zelda');
    expect(memberPath('a b/c')).toBe('/member/a%20b%2Fc');
  });
});

describe('memberHref', () => {
  it('links to the member page, the username encoded', () => {
    expect(memberHref('zelda')).toBe('/member/zelda');
    expect(memberHref('a b/c')).toBe('/member/a%20b%2Fc');
  });

  it('gives no link for a deleted member (empty username)', () => {
    expect(memberHref('')).toBeNull();
  });
});

describe('profile paths', () => {
  it('are the own profile and its edit page', () => {
    expect(PROFILE_PATH).toBe('/profile');
    expect(PROFILE_EDIT_PATH).toBe('/profile/edit');
  });
});

describe('Think Tank paths', () => {
  it('name a Think Tank, a topic and a lesson', () => {
    expect(thinkTankPath('spiritual')).toBe('/think-tanks/spiritual');
    const lesson = findLesson('intellectual', 'understanding-enemy', 'interception-deception');
    expect(lesson).not.toBeNull();
    expect(topicPath(lesson!.topic)).toBe('/think-tanks/intellectual/understanding-enemy');
    expect(lessonPath(lesson!)).toBe('/think-tanks/intellectual/understanding-enemy/interception-deception');
  });
});

describe('DRILLS_PATH', () => {
  it('is where drill notifications lead (a copy kept out of the entry, decision 80)', () => {
    expect(DRILLS_PATH).toBe(NOTIFIED_DRILLS_PATH);
  });
});
