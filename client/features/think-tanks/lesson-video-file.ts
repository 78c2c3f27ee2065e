import { MIB } from '@common/constants';

// The server's limit for one lesson video (LESSON_VIDEO_MAX_BYTES in common/contracts/lessons.ts, not
// imported here because that module brings zod into the client): 2 GiB.
export const LESSON_VIDEO_MAX_BYTES = 2 * 1024 * MIB;

/** Where a lesson video lives: the think tank, topic and lesson slugs (`main`/`main` on the spiritual page). */
export interface VideoSlot {
  thinkTank: string;
  topicSlug: string;
  lessonSlug: string;
}

export interface FileProblem {
  title: string;
  description: string;
}

/**
 * Why a chosen file cannot be a lesson video, or null when it can be sent. Only the declared type and the
 * size are known here; the server checks the content (MP4, WebM, QuickTime).
 */
export function lessonVideoFileProblem(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!file.type.startsWith('video/')) {
    return { title: 'Invalid file type', description: 'Please choose a video file' };
  }
  if (file.size > LESSON_VIDEO_MAX_BYTES) {
    return { title: 'File too large', description: 'Please choose a video smaller than 2 GB' };
  }
  return null;
}

// The server's limit for one captions file (CAPTIONS_MAX_BYTES in common/contracts/lessons.ts): 1 MiB.
export const CAPTIONS_MAX_BYTES = MIB;

/**
 * Why a chosen file cannot be a lesson video's captions, or null when it can be sent: a .vtt file of at
 * most 1 MB. The server checks that it is WebVTT.
 */
export function captionsFileProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  if (!/\.vtt$/i.test(file.name)) {
    return { title: 'Invalid file type', description: 'Please choose a WebVTT captions file (.vtt)' };
  }
  if (file.size > CAPTIONS_MAX_BYTES) {
    return { title: 'File too large', description: 'Please choose a captions file smaller than 1 MB' };
  }
  return null;
}
