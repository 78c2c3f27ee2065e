import type { Readable } from 'node:stream';
import type { MediaRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import { AUDIO_TYPES, familyOf, IMAGE_TYPES, VIDEO_TYPES, type SniffedType } from '../../lib/sniff';
import { isMediaId, mediaUrl } from '../../../common/media-url';
import type { MediaStore } from '../../storage/media-store';
import type { Actor } from '../../storage/session-store';
import { parseRange, type ByteRange } from './range';

const PRIVATE_KINDS = new Set(['recording-audio', 'recording-screen']);

export type MediaResponse = {
  row: MediaRow;
  /** What is served: the original, or its small version (decision 71). */
  file: { contentType: string; size: number; etag: string };
  status: 200 | 206 | 304 | 416;
  range?: ByteRange;
  body?: () => Readable;
};

/**
 * The one media handler's rules (docs/decisions.md decision 8): avatars, chat files and lesson videos go
 * to signed-in members; recordings to their member and admins only, and to every member while the
 * voiceover is posted in an attempt (decision 38); everyone else gets 404.
 */
export function mediaService({
  media,
  voiceoverFilePosted,
}: {
  media: MediaStore;
  /** Whether the file is the audio or screen of a voiceover posted in an attempt now. */
  voiceoverFilePosted: (mediaId: string) => Promise<boolean>;
}) {
  return {
    async open(
      actor: Actor,
      id: string,
      headers: { range?: string; ifNoneMatch?: string },
      { size }: { size?: 'small' } = {},
    ): Promise<MediaResponse> {
      let row = isMediaId(id) ? await media.find(id) : null;
      if (!row) throw new AppError('not_found', 'Not found');
      if (
        PRIVATE_KINDS.has(row.kind) &&
        row.ownerId !== actor.user.id &&
        !actor.isAdmin &&
        !(await voiceoverFilePosted(row.id))
      ) {
        throw new AppError('not_found', 'Not found');
      }
      // The small version only once the original may be seen: the same rules, the same 404s.
      if (size === 'small') {
        row = await media.withSmall(row);
        if (!row) throw new AppError('not_found', 'Not found');
      }
      const small = size === 'small' && row.thumbKey !== null && row.thumbSize !== null;
      const found = row;
      const file = small
        ? { contentType: 'image/webp', size: row.thumbSize!, etag: `"${row.id}.${row.thumbSize}.small"` }
        : { contentType: row.contentType, size: row.size, etag: etagOf(row) };
      const open = (range?: ByteRange) => (small ? media.openSmall(found, range) : media.open(found, range));
      if (headers.ifNoneMatch && headers.ifNoneMatch.split(/\s*,\s*/).includes(file.etag)) {
        return { row, file, status: 304 };
      }
      const range = parseRange(headers.range, file.size);
      if (range === 'unsatisfiable') return { row, file, status: 416 };
      if (range) return { row, file, status: 206, range, body: () => open(range) };
      return { row, file, status: 200, body: () => open() };
    },
  };
}

/** A stored file changes only when a WebM is given its duration, which changes its size too. */
export function etagOf(row: MediaRow): string {
  return `"${row.id}.${row.size}"`;
}

/** The kinds of file POST /api/upload takes, and their limits (by the type found in the content). */
export const CHAT_UPLOAD_TYPES: ReadonlySet<SniffedType> = new Set([
  ...IMAGE_TYPES,
  ...VIDEO_TYPES,
  ...AUDIO_TYPES,
]);

export function chatUploadLimit(type: SniffedType | null): number {
  if (type === null) return Math.max(...Object.values(UPLOAD_MAX_BYTES));
  return UPLOAD_MAX_BYTES[familyOf(type)!];
}

/** Stores a chat attachment (POST /api/upload) and returns its URL. */
export async function saveChatUpload(
  media: MediaStore,
  actor: Actor,
  file: Readable,
  truncated: () => boolean,
) {
  const row = await media.save(file, {
    ownerId: actor.user.id,
    kind: 'chat',
    allowed: CHAT_UPLOAD_TYPES,
    maxBytes: chatUploadLimit,
    truncated,
    tooLargeMessage: 'File too large: images up to 10 MB, videos up to 200 MB, audio up to 20 MB',
    wrongTypeMessage:
      'Unsupported file: send an image (JPEG, PNG, WebP, GIF), a video (MP4, WebM, QuickTime) or audio (WebM, Ogg, MP3, M4A)',
  });
  return mediaUrl(row.id);
}
