import type { QueryClient } from '@tanstack/react-query';
import type { AttemptAngleValue, AttemptTarget, PostAttemptBody } from '@common/contracts/attempts';
import { findLesson, lessonHeading } from '@common/curriculum';
import { apiJson } from './api-client';
import { ASSIGNMENTS_QUERY_ROOT, ATTEMPTS_QUERY_ROOT } from './attempt-queries';
import { DISCUSSIONS_QUERY_ROOT } from './discussion-queries';
import { uploadFile } from './upload-file';

/**
 * Posting an attempt back (issue 18, docs/decisions.md decision 38): the frame and the clip are uploaded
 * like any chat attachment (POST /api/upload, checked by content), then POST /api/attempts names them.
 */

/** What the member posts: an annotated frame from the analysis tool, or a saved voiceover. */
export type AttemptDraft =
  | {
      kind: 'frame';
      /** The PNG export, with the angle values written under it. */
      image: Blob;
      angles: AttemptAngleValue[];
      /** Where in the member's video the frame is; null for an image. */
      frameSeconds: number | null;
      /** Makes the clip's segment around the frame; null for an image. */
      clip: ClipMaker | null;
    }
  | { kind: 'voiceover'; recordingId: string; label: string };

/** The clip around a posted frame, made on demand (docs/decisions.md decision 51). */
export type ClipMaker = {
  /** Why this browser cannot make the clip ('it cannot encode video'), or null when it can. */
  problem(): Promise<string | null>;
  /** The clip as a WebM with its Duration and Cues; rejects with an AbortError when `signal` aborts. */
  make(options: { signal: AbortSignal; onProgress(fraction: number): void }): Promise<Blob>;
};

/** How long a clip around the frame is, in seconds. */
export const ATTEMPT_CLIP_SECONDS = 4;

export type PostStep = 'clip' | 'upload' | 'post';

/** Where an attempt went, in words: 'the discussion of 203 · Systems Theory', 'the community chat'. */
export function describeTarget(target: AttemptTarget): string {
  if (target.kind === 'chat') return 'the community chat';
  const lesson = findLesson(target.thinkTank, target.topic, target.lesson);
  return lesson ? `the discussion of ${lessonHeading(lesson)}` : 'the lesson’s discussion';
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');

/** Uploads the draft's files (and its clip, made already) and posts it; `onStep` tells what it is doing. */
export async function postAttempt(
  draft: AttemptDraft,
  fields: { target: AttemptTarget; caption: string; clip: Blob | null },
  onStep: (step: PostStep) => void = () => {},
): Promise<unknown> {
  const body: PostAttemptBody = { target: fields.target, caption: fields.caption, angles: [] };
  if (draft.kind === 'voiceover') {
    body.recordingId = draft.recordingId;
  } else {
    const { clip } = fields;
    onStep('upload');
    const name = `attempt-${stamp()}`;
    body.imageUrl = (await uploadFile(new File([draft.image], `${name}.png`, { type: 'image/png' }))).url;
    if (clip) body.clipUrl = (await uploadFile(new File([clip], `${name}.webm`, { type: 'video/webm' }))).url;
    body.angles = draft.angles;
    if (draft.frameSeconds !== null) body.frameSeconds = draft.frameSeconds;
  }
  onStep('post');
  return apiJson<unknown>('POST', '/api/attempts', body);
}

/**
 * After an attempt was posted or deleted: the lessons' discussion threads, the attempt lists (the
 * review list, a lesson's attempts) and the drills (one completed or reopened) are read again, through their queryOptions' key roots.
 */
export async function invalidateAttemptThreads(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: DISCUSSIONS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: ATTEMPTS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_QUERY_ROOT }),
  ]);
}
