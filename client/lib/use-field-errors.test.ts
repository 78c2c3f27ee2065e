import { describe, expect, it } from 'vitest';
import { fieldOfServerError, serverFieldErrors } from './use-field-errors';

describe('fieldOfServerError', () => {
  it('finds the field a server message starts with, however it is written', () => {
    const fields = ['current-password', 'new-password', 'confirm-new-password'];
    expect(fieldOfServerError('New password must differ from the current password', fields)).toBe(
      'new-password',
    );
    expect(fieldOfServerError('newPassword: Password must be at least 6 characters', fields)).toBe(
      'new-password',
    );
    expect(fieldOfServerError('currentPassword is required', fields)).toBe('current-password');
    expect(fieldOfServerError('age must be between 0 and 130', ['name', 'age'])).toBe('age');
  });

  it('finds none for a message about no one field', () => {
    expect(fieldOfServerError('Too many attempts. Try again in 5 minutes.', ['username', 'password'])).toBe(
      null,
    );
  });
});

describe('serverFieldErrors', () => {
  it('puts known messages at the field they are about', () => {
    expect(
      serverFieldErrors('Invalid credentials', ['username', 'password'], {
        'Invalid credentials': 'password',
      }),
    ).toEqual({ password: 'Invalid credentials' });
    expect(serverFieldErrors('email must be a valid email address', ['email'])).toEqual({
      email: 'email must be a valid email address',
    });
    expect(serverFieldErrors('The service is briefly unavailable.', ['email'])).toBeNull();
  });
});
