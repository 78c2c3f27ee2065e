/**
 * The first part of every query key of attempts (the review list, a lesson's attempts; features/attempts/api):
 * what another feature invalidates when it may have changed them, spelled once.
 */
export const ATTEMPTS_QUERY_ROOT = ['/api/attempts'] as const;

/**
 * The root of every drills query key (features/drills/api): an attempt posted or deleted completes or
 * reopens a drill (decision 81), so it is read again then too.
 */
export const ASSIGNMENTS_QUERY_ROOT = ['/api/assignments'] as const;
