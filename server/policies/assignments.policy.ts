import { adminOnly } from './policy';

/** Drills (decision 81): coaches set and delete them, and read every member's; a member reads their own. */
export const assignmentPolicies = {
  'assignments.create': adminOnly('Only coaches can assign drills.'),
  'assignments.delete': adminOnly('Only coaches can delete drills.'),
  'assignments.review': adminOnly("Only coaches can see other members' drills."),
};
