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
    };

/** What the pose worker answers. */
export type PoseReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; landmarks: PoseLandmark[] | null; ms: number }
  /** Loading failed (`fatal`: nothing more will work) or one frame failed. */
  | { type: 'error'; id?: number; message: string; fatal: boolean };
