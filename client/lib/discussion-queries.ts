/**
 * The first part of every discussion thread's query key (features/discussions/api): what a shared
 * component invalidates when an attempt posted to or deleted from a lesson's discussion changed a thread,
 * spelled once.
 */
export const DISCUSSIONS_QUERY_ROOT = ['/api/discussions'] as const;
