// The values of ./moderation that the client uses, without its zod schemas (docs/decisions.md decision 67).

/** A removal's optional reason (`?reason=` on the DELETE of a message or an attempt, decision 53). */
export const REMOVAL_REASON_MAX_LENGTH = 500;
