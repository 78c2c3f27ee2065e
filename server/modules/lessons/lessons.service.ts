import { createHash, randomBytes } from 'node:crypto';
import type { NotificationProducers } from '../../notifications/producers';
import { Readable } from 'node:stream';
import { isVideoSlot } from '../../../common/curriculum';
import {
  CAPTIONS_MAX_BYTES,
  LESSON_VIDEO_MAX_BYTES,
  type LessonVideoResponse,
  UPLOAD_URL_TTL_MS,
  type RegisterLessonVideoBody,
} from '../../../common/contracts/lessons';
import type { LessonsRepository, Slot } from '../../db/repositories/lessons.repository';
import { AppError } from '../../lib/errors';
import { authorize } from '../../policies';
import { isWebVtt, VIDEO_TYPES, type SniffedType } from '../../lib/sniff';
import { mediaUrl } from '../../../common/media-url';
import type { MediaStore } from '../../storage/media-store';
import type { Actor } from '../../storage/session-store';
import type { LessonVideoLengths } from '../../storage/video-length';

export const UPLOAD_PATH = '/api/videos/upload/';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const INVALID_URL = 'This upload URL is invalid, expired or already used';

const CAPTION_TYPES: ReadonlySet<SniffedType> = new Set(['text/vtt']);
const CAPTIONS_TOO_LARGE = 'Captions can be at most 1 MB';
const CAPTIONS_WRONG_TYPE = 'Upload a WebVTT captions file (.vtt)';

/** A slot's row as the API shows it. */
function present(row: { mediaId: string; captionsMediaId: string | null } | null): LessonVideoResponse {
  return {
    videoUrl: row ? mediaUrl(row.mediaId) : null,
    captionsUrl: row?.captionsMediaId ? mediaUrl(row.captionsMediaId) : null,
  };
}

type Deps = {
  repo: LessonsRepository;
  media: MediaStore;
  /** Reads a video's length when it is registered (timestamped comments: decision 37). */
  lengths: LessonVideoLengths;
  publicUrl: string | undefined;
  /** Tells the members who opened a lesson of its new video (decision 56). */
  produce?: Pick<NotificationProducers, 'lessonVideo'>;
};

/** Lesson videos (docs/decisions.md decision 10): upload URLs to this server, the PUT, and registration. */
export function lessonsService({ repo, media, lengths, publicUrl, produce }: Deps) {
  /** The token in an upload URL we issued (absolute or relative), or null. */
  function tokenOf(uploadURL: string): string | null {
    let path: string;
    try {
      path = new URL(uploadURL, 'http://relative.invalid').pathname;
    } catch {
      return null;
    }
    if (!path.startsWith(UPLOAD_PATH)) return null;
    const token = path.slice(UPLOAD_PATH.length);
    return TOKEN.test(token) ? token : null;
  }

  return {
    async video(_actor: Actor, slot: Slot): Promise<LessonVideoResponse> {
      if (!isVideoSlot(slot.thinkTank, slot.topicSlug, slot.lessonSlug))
        throw new AppError('not_found', 'Lesson not found');
      return present(await repo.videoOf(slot));
    },

    /**
     * Stores the captions (WebVTT) of a slot's video, replacing any it had. The whole file is read (it
     * is small) and must be WebVTT through and through.
     */
    async saveCaptions(
      actor: Actor,
      slot: Slot,
      file: Readable,
      truncated: () => boolean,
    ): Promise<LessonVideoResponse> {
      const chunks: Buffer[] = [];
      for await (const chunk of file) chunks.push(chunk as Buffer);
      authorize(actor, 'lesson-captions.upload');
      if (!isVideoSlot(slot.thinkTank, slot.topicSlug, slot.lessonSlug))
        throw new AppError('not_found', 'Lesson not found');
      if (truncated()) throw new AppError('payload_too_large', CAPTIONS_TOO_LARGE);
      const bytes = Buffer.concat(chunks);
      if (!isWebVtt(bytes)) throw new AppError('unsupported_media_type', CAPTIONS_WRONG_TYPE);
      const video = await repo.videoOf(slot);
      if (!video) throw new AppError('conflict', 'Upload the lesson video before its captions');
      const row = await media.save(Readable.from([bytes]), {
        ownerId: actor.user.id,
        kind: 'lesson-captions',
        allowed: CAPTION_TYPES,
        maxBytes: CAPTIONS_MAX_BYTES,
        tooLargeMessage: CAPTIONS_TOO_LARGE,
        wrongTypeMessage: CAPTIONS_WRONG_TYPE,
      });
      // A database that refuses the change (a full disk) leaves no file behind.
      const replaced = await repo.setCaptions(slot, video.mediaId, row.id).catch(async (err: unknown) => {
        await media.remove(row.id).catch(() => {});
        throw err;
      });
      if (replaced === false) {
        await media.remove(row.id);
        throw new AppError('conflict', 'The lesson video was replaced meanwhile: upload its captions again');
      }
      if (replaced) await media.remove(replaced);
      return { videoUrl: mediaUrl(video.mediaId), captionsUrl: mediaUrl(row.id) };
    },

    /** A URL that takes one PUT of one video within 15 minutes. */
    async issueUploadUrl(actor: Actor): Promise<string> {
      authorize(actor, 'lesson-video.upload');
      const token = randomBytes(32).toString('base64url');
      await repo.issueUpload(hash(token), actor.user.id, new Date(Date.now() + UPLOAD_URL_TTL_MS));
      return (publicUrl ?? '') + UPLOAD_PATH + token;
    },

    /** The PUT: claims the URL (once, unexpired), then streams the body into the store as a checked video. */
    async receive(token: string, body: Readable, declaredLength: number | null): Promise<void> {
      const ticket = TOKEN.test(token) ? await repo.claimUpload(hash(token)) : null;
      if (!ticket) {
        body.resume();
        throw new AppError('forbidden', INVALID_URL);
      }
      if (declaredLength !== null && declaredLength > LESSON_VIDEO_MAX_BYTES) {
        body.resume();
        throw new AppError('payload_too_large', 'Videos can be at most 2 GB');
      }
      const row = await media.save(body, {
        ownerId: ticket.issuedTo,
        kind: 'lesson-video',
        allowed: VIDEO_TYPES,
        maxBytes: LESSON_VIDEO_MAX_BYTES,
        tooLargeMessage: 'Videos can be at most 2 GB',
        wrongTypeMessage: 'Upload a video file (MP4, WebM or QuickTime)',
      });
      try {
        await repo.completeUpload(ticket.tokenHash, row.id);
      } catch (err) {
        // Not recorded on the ticket, the file would be found by nothing: it goes.
        await media.remove(row.id).catch(() => {});
        throw err;
      }
    },

    /** Registers (or replaces) a lesson's video from a completed upload URL; deletes the replaced file. */
    async register(actor: Actor, input: RegisterLessonVideoBody): Promise<string> {
      authorize(actor, 'lesson-video.upload');
      const slot = { thinkTank: input.thinkTank, topicSlug: input.topicSlug, lessonSlug: input.lessonSlug };
      if (!isVideoSlot(slot.thinkTank, slot.topicSlug, slot.lessonSlug)) {
        throw new AppError('bad_request', 'This lesson is not in the curriculum');
      }
      const token = tokenOf(input.uploadURL);
      const mediaId = token ? await repo.registerUpload(hash(token)) : null;
      if (!mediaId)
        throw new AppError(
          'bad_request',
          'uploadURL must be an upload URL from this server whose upload completed',
        );
      const seconds = await lengths.measure(mediaId);
      for (const replaced of await repo.setVideo(slot, mediaId, actor.user.id, seconds))
        await media.remove(replaced);
      await produce?.lessonVideo(
        actor,
        { thinkTank: slot.thinkTank, topic: slot.topicSlug, lesson: slot.lessonSlug },
        mediaId,
      );
      return mediaUrl(mediaId);
    },

    /** Removes uploads never registered a day after their URL expired. */
    async sweepAbandoned(): Promise<void> {
      for (const t of await repo.abandonedUploads(new Date(Date.now() - 24 * 60 * 60 * 1000))) {
        if (t.mediaId) await media.remove(t.mediaId);
        await repo.deleteUpload(t.tokenHash);
      }
    },
  };
}

export type LessonsService = ReturnType<typeof lessonsService>;
