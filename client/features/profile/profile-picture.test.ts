import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '@common/constants';
import { FILE_TOO_LARGE, INVALID_FILE_TYPE, checkProfilePicture } from './profile-picture';

describe('checkProfilePicture', () => {
  it('accepts any image up to exactly 5 MB', () => {
    expect(checkProfilePicture({ type: 'image/png', size: 68 })).toBeNull();
    expect(checkProfilePicture({ type: 'image/jpeg', size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses a file over 5 MB (binary), one byte is enough', () => {
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(checkProfilePicture({ type: 'image/png', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toBe(
      FILE_TOO_LARGE,
    );
    expect(FILE_TOO_LARGE).toEqual({
      title: 'File too large',
      description: 'Please upload an image smaller than 5MB',
    });
  });

  it('refuses what is not an image, whatever its size, before looking at the size', () => {
    for (const type of ['text/plain', 'application/pdf', '', 'video/mp4']) {
      expect(checkProfilePicture({ type, size: 10 })).toBe(INVALID_FILE_TYPE);
    }
    expect(checkProfilePicture({ type: 'text/html', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toBe(
      INVALID_FILE_TYPE,
    );
    expect(INVALID_FILE_TYPE).toEqual({
      title: 'Invalid file type',
      description: 'Please upload an image file',
    });
  });
});
