// The values of ./chat-reads that the client uses, without its zod schemas (docs/decisions.md decision 67).

/** At most this many unread messages are counted; more show as '999+'. */
export const CHAT_UNREAD_MAX = 999;
