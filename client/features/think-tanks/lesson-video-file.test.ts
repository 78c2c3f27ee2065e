import { describe, expect, it } from 'vitest';
import { LESSON_VIDEO_MAX_BYTES, lessonVideoFileProblem } from './lesson-video-file';

describe('lessonVideoFileProblem', () => {
  it('accepts any video type up to 2 GiB', () => {
    expect(lessonVideoFileProblem({ type: 'video/webm', size: 1 })).toBeNull();
    expect(lessonVideoFileProblem({ type: 'video/mp4', size: 2 * 1024 ** 3 })).toBeNull();
    expect(LESSON_VIDEO_MAX_BYTES).toBe(2 * 1024 ** 3);
  });

  it('refuses what is not a video, an empty type included', () => {
    for (const type of ['image/png', 'audio/webm', 'application/octet-stream', '']) {
      expect(lessonVideoFileProblem({ type, size: 10 })).toEqual({
        title: 'Invalid file type',
        description: 'Please choose a video file',
      });
    }
  });

  it('refuses a video over 2 GiB', () => {
    expect(lessonVideoFileProblem({ type: 'video/quicktime', size: 2 * 1024 ** 3 + 1 })?.title).toBe(
      'File too large',
    );
  });
});
