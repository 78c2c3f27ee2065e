/**
 * The first part of every query key of attempts (the review list, a lesson's attempts; features/attempts/api):
 * what another feature invalidates when it may have changed them, spelled once.
 */
export const ATTEMPTS_QUERY_ROOT = ['/api/attempts'] as const;
