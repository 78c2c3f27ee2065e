import type { Readable } from 'node:stream';
import {
  RECORDING_MAX_BYTES,
  RECORDING_MAX_SECONDS,
  type Recording,
} from '../../../common/contracts/recordings';
import type { RecordingsRepository } from '../../db/repositories/recordings.repository';
import type { MediaRow, RecordingRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SniffedType } from '../../lib/sniff';
import { mediaIdFromUrl, mediaUrl } from '../../../common/media-url';
import { webmTrackKinds } from '../../../common/webm-tracks';
import type { MediaStore } from '../../storage/media-store';
import type { Actor } from '../../storage/session-store';

/** One part of the multipart upload, as the route reads it. */
export type UploadPart =
  | { type: 'file'; fieldname: string; file: Readable; truncated: () => boolean }
  | { type: 'field'; fieldname: string; value: string };

const FILES = {
  audioFile: { kind: 'recording-audio', type: 'audio/webm', what: 'WebM audio' },
  screenFile: { kind: 'recording-screen', type: 'video/webm', what: 'WebM video' },
} as const;

export function presentRecording(row: RecordingRow): Recording {
  return {
    id: row.id,
    recordedAt: row.recordedAt.toISOString(),
    duration: row.durationSeconds,
    audioUrl: mediaUrl(row.audioMediaId),
    videoUrl: mediaUrl(row.screenMediaId),
    videoHasAudio: row.screenHasAudio,
  };
}

/** The most of a stored screen file read to find its Tracks (they come before the first Cluster). */
const TRACKS_READ_BYTES = 1024 * 1024;

/**
 * Whether a stored WebM declares an audio track: a screen file recorded with the voice in it plays
 * alone, one without plays beside the audio file (decision 48). Unknown counts as without.
 */
async function hasAudioTrack(media: MediaStore, row: MediaRow): Promise<boolean> {
  const parts: Buffer[] = [];
  for await (const chunk of media.open(row, { start: 0, end: Math.min(row.size, TRACKS_READ_BYTES) - 1 })) {
    parts.push(chunk as Buffer);
    const kinds = webmTrackKinds(Buffer.concat(parts));
    if (kinds) return kinds.audio;
  }
  return false;
}

/** Voiceover recordings (docs/decisions.md decisions 3 and 4): stored, listed and deleted by their member only. */
export function recordingsService({
  repo,
  media,
  chat,
}: {
  repo: RecordingsRepository;
  media: MediaStore;
  /**
   * The community chat, where a recording may be posted in an attempt (issue 18): once it is deleted,
   * the room's messages are read again, so that the attempt shows no voiceover.
   */
  chat: { postsRecording(id: string): Promise<boolean>; removed(ids: readonly number[]): Promise<void> };
}) {
  return {
    /**
     * Streams both files into the store (WebM by content, at most 500 MB together), then checks the
     * fields; on any refusal, whatever was stored is removed.
     */
    async upload(actor: Actor, parts: AsyncIterable<UploadPart>): Promise<Recording> {
      const stored: Partial<Record<keyof typeof FILES, MediaRow>> = {};
      const fields = new Map<string, string>();
      let used = 0;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields.set(part.fieldname, part.value);
            continue;
          }
          const spec = FILES[part.fieldname as keyof typeof FILES];
          if (!spec || stored[part.fieldname as keyof typeof FILES]) {
            part.file.resume();
            throw new AppError('bad_request', `Unexpected file field "${part.fieldname}"`);
          }
          const row = await media.save(part.file, {
            ownerId: actor.user.id,
            kind: spec.kind,
            allowed: new Set<SniffedType>([spec.type]),
            maxBytes: RECORDING_MAX_BYTES - used,
            truncated: part.truncated,
            tooLargeMessage: 'A recording can be at most 500 MB',
            wrongTypeMessage: `${part.fieldname} must be ${spec.what}`,
          });
          stored[part.fieldname as keyof typeof FILES] = row;
          used += row.size;
        }
        const audio = stored.audioFile;
        const screen = stored.screenFile;
        if (!audio) throw new AppError('bad_request', 'audioFile is required');
        if (!screen) throw new AppError('bad_request', 'screenFile is required');
        const duration = parseDuration(fields.get('duration'));
        const recordingType = fields.get('recordingType');
        if (recordingType !== 'voiceover')
          throw new AppError('bad_request', 'recordingType must be voiceover');
        const sourceVideoUrl = (fields.get('sourceVideoUrl') ?? '').trim();
        if (sourceVideoUrl !== '') {
          const id = mediaIdFromUrl(sourceVideoUrl);
          if (!id || !(await media.find(id))) {
            throw new AppError('bad_request', 'sourceVideoUrl must be empty or a video of this app');
          }
        }
        const row = await repo.insert({
          userId: actor.user.id,
          durationSeconds: duration,
          audioMediaId: audio.id,
          screenMediaId: screen.id,
          screenHasAudio: await hasAudioTrack(media, screen),
          sourceVideoUrl,
          recordingType,
        });
        return presentRecording(row);
      } catch (err) {
        for (const row of Object.values(stored)) await media.remove(row.id).catch(() => {});
        throw err;
      }
    },

    async list(actor: Actor): Promise<Recording[]> {
      return (await repo.listFor(actor.user.id)).map(presentRecording);
    },

    /** Deletes one of the member's own recordings and its files; others' recordings are not found. */
    async remove(actor: Actor, id: string): Promise<void> {
      const inChat = await chat.postsRecording(id);
      const row = await repo.deleteOwn(id, actor.user.id);
      if (!row) throw new AppError('not_found', 'Recording not found');
      if (inChat) await chat.removed([]);
      await media.remove(row.audioMediaId);
      await media.remove(row.screenMediaId);
    },
  };
}

/** The real elapsed time in whole seconds (docs/decisions.md decision 4). */
function parseDuration(text: string | undefined): number {
  if (text === undefined || text.trim() === '') throw new AppError('bad_request', 'duration is required');
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > RECORDING_MAX_SECONDS) {
    throw new AppError(
      'bad_request',
      `duration must be a number of seconds between 0 and ${RECORDING_MAX_SECONDS}`,
    );
  }
  return Math.round(value);
}

export type RecordingsService = ReturnType<typeof recordingsService>;
