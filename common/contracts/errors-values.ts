// The error texts of ./errors without its zod schemas, for the client (docs/decisions.md decision 67).

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
