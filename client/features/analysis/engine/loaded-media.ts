import { DEFAULT_FPS, type Speed } from './annotations';

export type MediaType = 'video' | 'image';

/** What the media tells its owner: a new frame or size to draw, or new playback state. */
export type MediaListener = {
  frame(): void;
  state(patch: { playing?: boolean; time?: number; duration?: number }): void;
  /** The frame rate measured while the video plays, when it changes (not once the file's own rate is set). */
  rate?(fps: number): void;
};

/** Only video/* and image/* files are analysed; other types are ignored (SPEC §5). */
export function mediaTypeOf(file: { type: string }): MediaType | null {
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('image/')) return 'image';
  return null;
}

type VideoWithFrameCallback = HTMLVideoElement & {
  requestVideoFrameCallback?: (
    cb: (now: number, meta: { mediaTime: number; presentedFrames: number }) => void,
  ) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * A member's own video or image, played from an object URL. The element is never put in the page: the
 * engine draws its frames into the canvas, so zoom, pan and export apply to the media too.
 */
export class LoadedMedia {
  readonly type: MediaType;
  readonly element: HTMLVideoElement | HTMLImageElement;
  private readonly url: string;
  private readonly listener: MediaListener;
  private fpsSamples: number[] = [];
  private fps = DEFAULT_FPS;
  /** The file said its frame rate (read-timing.ts): playback no longer measures it. */
  private fileFps = false;
  private lastFrame: { mediaTime: number; presentedFrames: number } | null = null;
  private frameHandle: number | null = null;
  private fixingDuration = false;
  private disposed = false;

  /** Whether `url` is an object URL of the member's file, made here and revoked with the media. */
  private readonly ownsUrl: boolean;
  /** The member's own file (null for a video of this server): a worker reads it as it is. */
  readonly file: Blob | null;

  /**
   * `source`: the member's own file, or the URL of a video this server serves (a lesson video,
   * issue 19), read with CORS so that its frames can be copied for pose estimation.
   */
  constructor(source: File | { url: string }, type: MediaType, speed: Speed, listener: MediaListener) {
    this.type = type;
    this.listener = listener;
    this.ownsUrl = source instanceof Blob;
    this.file = source instanceof Blob ? source : null;
    this.url = source instanceof Blob ? URL.createObjectURL(source) : source.url;
    if (type === 'image') {
      const img = new Image();
      img.decoding = 'async';
      img.src = this.url;
      img.decode().then(
        () => !this.disposed && listener.frame(),
        (error: unknown) => console.error('Image could not be loaded', error),
      );
      this.element = img;
      return;
    }
    const video = document.createElement('video');
    if (!this.ownsUrl) video.crossOrigin = 'anonymous';
    video.playsInline = true;
    video.preload = 'auto';
    video.playbackRate = Number(speed);
    video.defaultPlaybackRate = Number(speed);
    const on = (name: string, fn: () => void) => video.addEventListener(name, fn);
    on('loadedmetadata', () => this.onMetadata());
    on('durationchange', () => this.onDurationChange());
    on('loadeddata', () => listener.frame());
    on('seeked', () => {
      listener.state({ time: video.currentTime });
      listener.frame();
    });
    on('timeupdate', () => !this.fixingDuration && listener.state({ time: video.currentTime }));
    on('play', () => {
      listener.state({ playing: true });
      this.watchFrames();
    });
    on('pause', () => listener.state({ playing: false, time: video.currentTime }));
    on('ended', () => listener.state({ playing: false }));
    on('error', () => console.error('Video could not be played', video.error));
    video.src = this.url;
    // Choosing a video stops playback (SPEC §4): it waits paused on its first frame.
    video.pause();
    this.element = video;
  }

  /** The URL the media plays from (a second element can read the same file). */
  get source(): string {
    return this.url;
  }

  get video(): VideoWithFrameCallback | null {
    return this.type === 'video' ? (this.element as VideoWithFrameCallback) : null;
  }

  /** The media's own pixel size, or null until it is known. */
  get size(): { width: number; height: number } | null {
    const el = this.element;
    const width = el instanceof HTMLVideoElement ? el.videoWidth : el.naturalWidth;
    const height = el instanceof HTMLVideoElement ? el.videoHeight : el.naturalHeight;
    return width > 0 && height > 0 ? { width, height } : null;
  }

  get currentTime(): number {
    return this.video?.currentTime ?? 0;
  }

  get duration(): number {
    const d = this.video?.duration ?? 0;
    return Number.isFinite(d) ? d : 0;
  }

  get framesPerSecond(): number {
    return this.fps;
  }

  /** The frame rate the file itself says (read-timing.ts): steps use it, and playback stops measuring. */
  useFileRate(fps: number) {
    if (!Number.isFinite(fps) || fps <= 0) return;
    this.fps = fps;
    this.fileFps = true;
  }

  play() {
    const video = this.video;
    if (!video) return;
    if (video.ended || (this.duration > 0 && video.currentTime >= this.duration)) video.currentTime = 0;
    // A play failure is only logged (SPEC §8).
    video.play().catch((error: unknown) => console.error('Video playback failed', error));
  }

  pause() {
    this.video?.pause();
  }

  setSpeed(speed: Speed) {
    const video = this.video;
    if (!video) return;
    video.playbackRate = Number(speed);
    video.defaultPlaybackRate = Number(speed);
  }

  seek(time: number) {
    const video = this.video;
    if (!video || this.fixingDuration) return;
    const max = this.duration || time;
    video.currentTime = Math.min(Math.max(0, time), max);
    this.listener.state({ time: video.currentTime });
  }

  /** Pauses and moves by whole frames, at the video's measured rate or 30 fps. */
  step(frames: number) {
    const video = this.video;
    if (!video) return;
    video.pause();
    // Aim at the middle of the target frame, so rounding never lands back on the current one.
    const frame = Math.max(0, Math.floor(video.currentTime * this.fps + 1e-6) + frames);
    this.seek((frame + 0.5) / this.fps);
  }

  dispose() {
    this.disposed = true;
    const video = this.video;
    if (video) {
      if (this.frameHandle !== null) video.cancelVideoFrameCallback?.(this.frameHandle);
      video.pause();
      video.removeAttribute('src');
      video.load();
    }
    if (this.ownsUrl) URL.revokeObjectURL(this.url);
  }

  private onMetadata() {
    const video = this.video!;
    // Recorded WebM (MediaRecorder, this app's own recordings) often has no duration until the
    // browser has read to the end; seeking far ahead makes it find out, then we come back.
    if (video.duration === Infinity) {
      this.fixingDuration = true;
      video.currentTime = Number.MAX_SAFE_INTEGER;
    }
    this.listener.state({ duration: this.duration, time: 0 });
    this.listener.frame();
  }

  private onDurationChange() {
    const video = this.video!;
    if (this.fixingDuration && Number.isFinite(video.duration)) {
      this.fixingDuration = false;
      video.currentTime = 0;
    }
    this.listener.state({ duration: this.duration });
  }

  /** While playing, redraws on every decoded frame and learns the frame rate from their times. */
  private watchFrames() {
    const video = this.video!;
    if (!video.requestVideoFrameCallback) {
      const tick = () => {
        if (this.disposed || video.paused) return;
        this.listener.frame();
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      return;
    }
    if (this.frameHandle !== null) return;
    const onFrame = (_now: number, meta: { mediaTime: number; presentedFrames: number }) => {
      this.frameHandle = null;
      if (this.disposed) return;
      this.learnFps(meta);
      this.listener.frame();
      if (!video.paused) this.frameHandle = video.requestVideoFrameCallback!(onFrame);
    };
    this.frameHandle = video.requestVideoFrameCallback(onFrame);
  }

  private learnFps(meta: { mediaTime: number; presentedFrames: number }) {
    if (this.fileFps) return;
    const last = this.lastFrame;
    this.lastFrame = meta;
    if (!last || meta.presentedFrames - last.presentedFrames !== 1) return;
    const dt = meta.mediaTime - last.mediaTime;
    if (dt <= 0 || dt > 0.5) return;
    this.fpsSamples.push(1 / dt);
    if (this.fpsSamples.length > 30) this.fpsSamples.shift();
    const sorted = [...this.fpsSamples].sort((a, b) => a - b);
    if (sorted.length < 5) return;
    const fps = Math.round(sorted[Math.floor(sorted.length / 2)]!);
    if (fps === this.fps) return;
    this.fps = fps;
    this.listener.rate?.(fps);
  }
}
