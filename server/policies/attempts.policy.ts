import { adminOnly } from './policy';

/** The coaches' review of attempts (issue 18, 30): administrators only. */
export const attemptPolicies = {
  'attempts.review': adminOnly('Only administrators can review attempts.'),
};
