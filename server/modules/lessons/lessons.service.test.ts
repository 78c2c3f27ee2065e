import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { LessonsRepository } from '../../db/repositories/lessons.repository';
import type { MediaRow } from '../../db/schema';
import type { MediaStore } from '../../storage/media-store';
import type { Actor } from '../../storage/session-store';
import type { LessonVideoLengths } from '../../storage/video-length';
import { lessonsService } from './lessons.service';

/** What PGlite throws when its folder is full (issue 29 part 6). */
const diskFull = () =>
  Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
    code: '53100',
  });

/**
 * A file stored but not recorded would be found by nothing: when the database refuses the row that
 * points at it (a full disk), the file goes (decision 44).
 */
describe('lessons service on a database that refuses writes', () => {
  function setUp(repo: Partial<LessonsRepository>) {
    const removed: string[] = [];
    const row = { id: '0b5f3f0e-9d2a-4c1e-8f00-000000000001' } as MediaRow;
    const media = {
      save: async () => row,
      remove: async (id: string) => void removed.push(id),
    } as unknown as MediaStore;
    const service = lessonsService({
      repo: repo as LessonsRepository,
      media,
      lengths: {} as LessonVideoLengths,
      publicUrl: undefined,
    });
    return { service, removed, row };
  }

  it('removes an uploaded lesson video whose ticket could not be completed', async () => {
    const { service, removed, row } = setUp({
      claimUpload: async () => ({ tokenHash: 'h', issuedTo: 'admin' }) as never,
      completeUpload: async () => {
        throw diskFull();
      },
    });
    const token = 'a'.repeat(43);
    await expect(service.receive(token, Readable.from([Buffer.from('video')]), null)).rejects.toMatchObject({
      code: '53100',
    });
    expect(removed).toEqual([row.id]);
  });

  it('removes uploaded captions that could not be set', async () => {
    const { service, removed, row } = setUp({
      videoOf: async () => ({ mediaId: 'video-id', captionsMediaId: null }) as never,
      setCaptions: async () => {
        throw diskFull();
      },
    });
    const admin = { isAdmin: true, user: { id: 'admin' } } as Actor;
    const slot = { thinkTank: 'spiritual', topicSlug: 'main', lessonSlug: 'main' };
    const vtt = Readable.from([Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nGo\n')]);
    await expect(service.saveCaptions(admin, slot, vtt, () => false)).rejects.toMatchObject({
      code: '53100',
    });
    expect(removed).toEqual([row.id]);
  });
});
