import { z } from 'zod';

export { ERRORS } from './errors-values';

/** Every error body the API sends: the spec's client reads `error`. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** The error statuses a route may answer, each with the `{ error }` body (for route response schemas). */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
} as const;
