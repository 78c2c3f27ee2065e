import { describe, expect, it } from 'vitest';
import { ApiError, errorStatus, formatErrorText, serverErrorMessage } from './api-error';

describe('formatErrorText', () => {
  it('is the status, a colon and the body text', () => {
    expect(formatErrorText(401, '{"error":"Invalid credentials"}', 'Unauthorized')).toBe(
      '401: {"error":"Invalid credentials"}',
    );
  });

  it('uses the status text when the body is empty', () => {
    expect(formatErrorText(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });
});

describe('serverErrorMessage', () => {
  it("reads the server's error field", () => {
    expect(serverErrorMessage(new Error('401: {"error":"Invalid credentials"}'))).toBe('Invalid credentials');
    expect(
      serverErrorMessage(
        new ApiError(429, '429: {"error":"Too many login attempts. Try again in 15 minutes."}'),
      ),
    ).toBe('Too many login attempts. Try again in 15 minutes.');
  });

  it('accepts the error text itself', () => {
    expect(serverErrorMessage('409: {"error":"An account with this email already exists"}')).toBe(
      'An account with this email already exists',
    );
  });

  it('keeps a message that spans lines or holds a colon', () => {
    expect(serverErrorMessage(new Error('400: {"error":"age: must be\\na number"}'))).toBe(
      'age: must be\na number',
    );
  });

  it('is null when there is no server message, so the caller falls back', () => {
    expect(serverErrorMessage(new Error('500: Internal Server Error'))).toBeNull();
    expect(serverErrorMessage(new Error('500: <html>oops</html>'))).toBeNull();
    expect(serverErrorMessage(new Error('400: {"message":"other shape"}'))).toBeNull();
    expect(serverErrorMessage(new Error('400: {"error":42}'))).toBeNull();
    expect(serverErrorMessage(new Error('400: {"error":"  "}'))).toBeNull();
    expect(serverErrorMessage(new Error('400: null'))).toBeNull();
    expect(serverErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverErrorMessage(undefined)).toBeNull();
    expect(serverErrorMessage({ error: 'not an Error' })).toBeNull();
  });
});

describe('errorStatus', () => {
  it('is the status of an API error and null otherwise', () => {
    expect(errorStatus(new ApiError(403, '403: {"error":"Forbidden"}'))).toBe(403);
    expect(errorStatus(new Error('404: {"error":"Not found"}'))).toBe(404);
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
  });
});
