import { describe, expect, it } from 'vitest';
import { ApiError, errorStatus, formatErrorText, outOfSpaceMessage, serverErrorMessage } from './api-error';

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

describe('ApiError', () => {
  it("carries the status, the spec's error text and the server's message", () => {
    const error = new ApiError(401, '{"error":"Invalid credentials"}', 'Unauthorized');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(401);
    expect(error.message).toBe('401: {"error":"Invalid credentials"}');
    expect(error.serverMessage).toBe('Invalid credentials');
  });

  it('has the status text as its message and no server message when the body is empty', () => {
    const error = new ApiError(502, '', 'Bad Gateway');
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBeNull();
  });
});

describe('serverErrorMessage', () => {
  it("reads the server's error field", () => {
    expect(serverErrorMessage(new ApiError(401, '{"error":"Invalid credentials"}', 'Unauthorized'))).toBe(
      'Invalid credentials',
    );
    expect(
      serverErrorMessage(
        new ApiError(
          429,
          '{"error":"Too many login attempts. Try again in 15 minutes."}',
          'Too Many Requests',
        ),
      ),
    ).toBe('Too many login attempts. Try again in 15 minutes.');
  });

  it('keeps a message that spans lines or holds a colon', () => {
    expect(serverErrorMessage(new ApiError(400, '{"error":"age: must be\\na number"}', 'Bad Request'))).toBe(
      'age: must be\na number',
    );
  });

  it('is null when there is no server message, so the caller falls back', () => {
    const fromBody = (status: number, body: string) =>
      serverErrorMessage(new ApiError(status, body, 'Status'));
    expect(fromBody(500, '')).toBeNull();
    expect(fromBody(500, 'Internal Server Error')).toBeNull();
    expect(fromBody(500, '<html>oops</html>')).toBeNull();
    expect(fromBody(400, '{"message":"other shape"}')).toBeNull();
    expect(fromBody(400, '{"error":42}')).toBeNull();
    expect(fromBody(400, '{"error":"  "}')).toBeNull();
    expect(fromBody(400, 'null')).toBeNull();
    expect(serverErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverErrorMessage(undefined)).toBeNull();
    expect(serverErrorMessage({ error: 'not an Error' })).toBeNull();
  });

  it('reads only an ApiError, not an error whose text looks like one', () => {
    expect(serverErrorMessage(new Error('401: {"error":"Invalid credentials"}'))).toBeNull();
    expect(serverErrorMessage('409: {"error":"An account with this email already exists"}')).toBeNull();
  });
});

describe('errorStatus', () => {
  it('is the status of an API error and null otherwise', () => {
    expect(errorStatus(new ApiError(403, '{"error":"Forbidden"}', 'Forbidden'))).toBe(403);
    expect(errorStatus(new ApiError(404, '', 'Not Found'))).toBe(404);
    expect(errorStatus(new Error('404: {"error":"Not found"}'))).toBeNull();
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('outOfSpaceMessage', () => {
  const full = '{"error":"The server is out of storage space. Try again later."}';
  it("is the server's message of a 507, and null for any other failure", () => {
    expect(outOfSpaceMessage(new ApiError(507, full, 'Insufficient Storage'))).toBe(
      'The server is out of storage space. Try again later.',
    );
    expect(outOfSpaceMessage(new ApiError(507, '', 'Insufficient Storage'))).toBeNull();
    expect(
      outOfSpaceMessage(new ApiError(413, '{"error":"File too large"}', 'Payload Too Large')),
    ).toBeNull();
    expect(outOfSpaceMessage(new ApiError(500, '{"error":"Internal server error"}', ''))).toBeNull();
    expect(outOfSpaceMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});
