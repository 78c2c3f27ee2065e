import { CHAT_RATE_LIMIT_MESSAGES, CHAT_RATE_LIMIT_WINDOW_MS } from '../../common/constants';
import type { RateEventStore } from './rate-event-store';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

const RULE = { limit: CHAT_RATE_LIMIT_MESSAGES, windowMs: CHAT_RATE_LIMIT_WINDOW_MS };
const MESSAGE = 'You are sending messages too fast. Wait a few seconds.';

/**
 * The limit on posts to the community chat, per member: ordinary messages and attempts posted there
 * (issue 18) are counted together, under the same key in `limits`.
 */
export function chatPostLimiter(limits: RateEventStore, now: () => number = Date.now): RateLimiter {
  return createRateLimiter(limits, 'chat', RULE, MESSAGE, now);
}

/** The limit on posts to lesson discussions, per member: messages and attempts posted there together. */
export function discussionPostLimiter(limits: RateEventStore, now: () => number = Date.now): RateLimiter {
  return createRateLimiter(limits, 'discussion', RULE, MESSAGE, now);
}
