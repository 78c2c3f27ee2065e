import { adminOnly, isAuthor, rule, type Authored } from './policy';

/**
 * Members' own content (decision 53): a chat or discussion message, an attempt. Its author edits it; its
 * author or an administrator deletes it (an administrator deleting someone else's leaves its author a
 * tombstone, 'Removed by a coach').
 */
export const contentPolicies = {
  'message.edit': rule<Authored>({
    allow: (actor, message) => isAuthor(actor, message),
    message: 'Only its author can edit a message',
  }),
  'message.delete': rule<Authored>({
    allow: (actor, message) => isAuthor(actor, message) || actor.isAdmin,
    message: 'Only its author or an administrator can delete a message',
  }),
  'attempt.delete': rule<Authored>({
    allow: (actor, attempt) => isAuthor(actor, attempt) || actor.isAdmin,
    message: 'Only its author or an administrator can delete an attempt',
  }),
  'discussion.clear': adminOnly('Only administrators can clear a discussion'),
};
