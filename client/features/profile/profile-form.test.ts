import { describe, expect, it } from 'vitest';
import * as contracts from '@common/contracts/auth';
import type { CurrentUser } from '@common/contracts/auth';
import {
  LONG_TEXT_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  buildProfileUpdate,
  parseAge,
  profileValueErrors,
  toProfileFormValues,
} from './profile-form';

const user: CurrentUser = {
  id: 'u1',
  username: 'zelda-qb',
  name: 'Zelda Quinn',
  email: 'zelda.qb@example.com',
  isAdmin: false,
  profilePicture: null,
  age: 19,
  height: `5'9"`,
  weight: null,
  school: 'Central High',
  hometown: null,
  background: null,
  injuryHistory: null,
  goalOne: 'Start at QB',
  goalTwo: null,
  goalThree: null,
  paymentStatus: 'unpaid',
  privacyLevel: 'selective',
  mustChangePassword: false,
  membership: 'active',
  emailConfirmed: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('parseAge', () => {
  it('parses to an integer, or null when empty or not a number', () => {
    expect(parseAge('21')).toBe(21);
    expect(parseAge(' 21 ')).toBe(21);
    expect(parseAge('21.7')).toBe(21);
    expect(parseAge('')).toBeNull();
    expect(parseAge('   ')).toBeNull();
    expect(parseAge('abc')).toBeNull();
  });
});

describe('profile form', () => {
  it('starts from the member, with empty text for missing values', () => {
    const values = toProfileFormValues(user);
    expect(values.age).toBe('19');
    expect(values.weight).toBe('');
    expect(values.privacyLevel).toBe('selective');
  });

  it('sends empty text as null and age as an integer', () => {
    const values = { ...toProfileFormValues(user), school: '  ', age: '', goalTwo: ' Win state ' };
    const update = buildProfileUpdate(values);
    expect(update).toEqual({
      name: 'Zelda Quinn',
      age: null,
      height: `5'9"`,
      weight: null,
      school: null,
      hometown: null,
      injuryHistory: null,
      background: null,
      goalOne: 'Start at QB',
      goalTwo: 'Win state',
      goalThree: null,
      privacyLevel: 'selective',
    });
  });

  it('round-trips an unchanged member', () => {
    const update = buildProfileUpdate(toProfileFormValues(user));
    expect(update.age).toBe(19);
    expect(update.goalOne).toBe('Start at QB');
  });
});

describe('profileValueErrors', () => {
  it('says what the server would say of a line break or control character in the name, before sending', () => {
    const values = toProfileFormValues(user);
    expect(profileValueErrors(values)).toEqual({});
    for (const name of ['Zelda\tQuinn', 'Zelda\u2028Quinn', 'Zelda\u202eQuinn', 'Zelda\nQuinn']) {
      const errors = profileValueErrors({ ...values, name });
      expect(errors).toEqual({ name: 'name must not contain line breaks or other control characters' });
      expect(
        contracts.profileUpdateBody.safeParse(buildProfileUpdate({ ...values, name })).error?.issues[0]
          ?.message,
      ).toBe(errors.name);
    }
  });
});

describe('profile limits', () => {
  it('are the spec limits', () => {
    expect(SHORT_TEXT_MAX_LENGTH).toBe(100);
    expect(LONG_TEXT_MAX_LENGTH).toBe(4000);
  });

  it('build an update the server contract accepts', () => {
    const update = buildProfileUpdate({ ...toProfileFormValues(user), age: '', school: '' });
    expect(contracts.profileUpdateBody.safeParse(update).success).toBe(true);
  });
});
