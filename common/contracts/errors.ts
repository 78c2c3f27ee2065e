import { z } from 'zod';

/** Every error body the API sends: the spec's client reads `error`. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Error texts the client and the server both rely on. */
export const ERRORS = {
  notFound: 'Not found',
  notSignedIn: 'Not signed in',
  invalidCredentials: 'Invalid credentials',
  emailTaken: 'An account with this email already exists',
  passwordChangeRequired: 'Password change required',
  forbidden: 'Forbidden',
  crossSite: 'Cross-site request refused',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  bodyTooLarge: 'Request body is too large',
  malformedJson: 'Malformed JSON in request body',
  malformedUpload: 'Malformed upload',
  internal: 'Internal server error',
  databaseUnavailable: 'The service is briefly unavailable. Try again in a few seconds.',
  outOfSpace: 'The server is out of storage space. Try again later.',
} as const;

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
