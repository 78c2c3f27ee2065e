import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { authorize, can, refusalOf } from './index';

const member = { user: { id: 'm1' }, isAdmin: false };
const coach = { user: { id: 'a1' }, isAdmin: true };

describe('drills (decision 81)', () => {
  it.each(['assignments.create', 'assignments.delete', 'assignments.review'] as const)(
    '%s: coaches may, members are refused with its sentence (403)',
    (verb) => {
      expect(can(coach, verb)).toBe(true);
      expect(can(member, verb)).toBe(false);
      let refused: unknown;
      try {
        authorize(member, verb);
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).statusCode).toBe(403);
      expect((refused as AppError).message).toBe(refusalOf(verb));
    },
  );

  it('says what was refused', () => {
    expect(refusalOf('assignments.create')).toBe('Only coaches can assign drills.');
    expect(refusalOf('assignments.delete')).toBe('Only coaches can delete drills.');
    expect(refusalOf('assignments.review')).toBe("Only coaches can see other members' drills.");
  });
});
