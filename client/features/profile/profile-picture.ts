import { PROFILE_IMAGE_MAX_BYTES } from '@common/constants';

/** Why a chosen picture is refused before it is sent: a toast's title and text (SPEC §5). */
export interface PictureProblem {
  title: string;
  description: string;
}

export const INVALID_FILE_TYPE: PictureProblem = {
  title: 'Invalid file type',
  description: 'Please upload an image file',
};

export const FILE_TOO_LARGE: PictureProblem = {
  title: 'File too large',
  description: 'Please upload an image smaller than 5MB',
};

/**
 * The client's checks on a chosen profile picture: its type must be an image, then its size at most
 * 5 MB (binary). The server checks the content again; this only spares a pointless upload.
 */
export function checkProfilePicture(file: { type: string; size: number }): PictureProblem | null {
  if (!file.type.startsWith('image/')) return INVALID_FILE_TYPE;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return FILE_TOO_LARGE;
  return null;
}
