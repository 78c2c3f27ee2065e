import { z } from 'zod';
import { attemptTarget } from './attempts';
import { chatMessage } from './chat';
import { discussionMessage } from './lessons';

/**
 * The answer of POST /api/attempts (201): where the attempt went and the one message that posts it,
 * as GET of that thread shows it (`chatMessage` with messageType 'attempt' in the community chat,
 * `discussionMessage` in a lesson discussion); the other one is null. Apart from ./attempts because
 * both message contracts include the attempt's view.
 */
export const postAttemptResponse = z.object({
  target: attemptTarget,
  chatMessage: chatMessage.nullable(),
  discussionMessage: discussionMessage.nullable(),
});
export type PostAttemptResponse = z.infer<typeof postAttemptResponse>;
