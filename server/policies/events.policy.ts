import { adminOnly, rule } from './policy';

/**
 * Sessions (decision 82): coaches set, change and cancel them; a meeting link is for those going and
 * the coaches (the presenter leaves it out for everyone else, decision 3); who comes is for coaches.
 */
export const eventPolicies = {
  'events.manage': adminOnly('Only coaches can set, change or cancel sessions'),
  'event.meeting-url': rule<{ going: boolean }>({
    allow: (actor, subject) => actor.isAdmin || subject.going,
    message: 'The meeting link is shown once you say you are going',
  }),
  'event.attendees': adminOnly('Only coaches can see who comes'),
};
