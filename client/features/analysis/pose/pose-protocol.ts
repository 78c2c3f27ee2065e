import type { PoseLandmark } from '@common/pose';

/** What the page asks of the pose worker (pose.worker.ts). */
export type PoseRequest =
  /** Load the package's script and model from `files` (name → this server's URL). */
  | { type: 'start'; files: Readonly<Record<string, string>>; complexity: number }
  /** Another landmark model (0 lite, 1 full, 2 heavy): loaded before the next frame. */
  | { type: 'model'; complexity: number }
  /**
   * Find the athlete in `image`. `fresh`: this frame does not follow the last one (a seek, another
   * clip), so the model looks for the person again instead of tracking them from the last frame.
   * `timeMs`: the frame's time in its clip; the model's smoothing reads it.
   */
  | {
      type: 'estimate';
      id: number;
      /** The frame, scaled by the worker to `width` × `height` before the model sees it. */
      image: ImageBitmap | VideoFrame;
      width: number;
      height: number;
      fresh: boolean;
      timeMs: number;
    }
  /**
   * Find the athlete in every frame of `clip` (the member's file, or the URL of a lesson video of this
   * server: the page's CSP lets a worker fetch only from here, not blob: URLs), decoded here in order; each frame scaled to `width` × `height`, the size the
   * page shows the video at. Answered by 'clip-frame's, then 'clip-done', or 'clip-unsupported' when
   * the clip cannot be decoded here (the page then seeks it frame by frame).
   */
  | { type: 'analyse'; id: number; clip: Blob | string; width: number; height: number }
  /** Stop the analysis `id` (handled at once, not after the requests before it). */
  | { type: 'cancel'; id: number };

/** What the pose worker answers. */
export type PoseReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; landmarks: PoseLandmark[] | null; ms: number }
  /**
   * One frame of the clip analysis `id`: its number and time (seconds) in the clip, what the model found,
   * and how many frames the clip has (the file says, or an estimate from its length until the end).
   */
  | {
      type: 'clip-frame';
      id: number;
      frame: number;
      time: number;
      landmarks: PoseLandmark[] | null;
      total: number;
      ms: number;
    }
  /** The clip analysis `id` ended after its last frame; `fps`: the clip's frame rate, from its frames' times. */
  | { type: 'clip-done'; id: number; fps: number }
  /** The clip analysis `id` found nothing it can decode in order (before any frame); `reason` says why. */
  | { type: 'clip-unsupported'; id: number; reason: string }
  /** Loading failed (`fatal`: nothing more will work) or one frame failed. */
  | { type: 'error'; id?: number; message: string; fatal: boolean };
