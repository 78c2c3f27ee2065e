// The values of ./progress that the client uses, without its zod schemas (docs/decisions.md decision 67).

/** The share of a lesson video watched after which it counts as done. */
export const WATCHED_DONE_FRACTION = 0.9;
