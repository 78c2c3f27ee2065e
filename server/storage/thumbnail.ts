import type SharpDefault from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';

/**
 * The small version of a photo (decision 71): what the message list shows at 176 CSS px high, enough
 * for a screen of up to about 2.7 device pixels per CSS pixel. Never enlarged.
 */
export const THUMB_MAX_HEIGHT = 480;
export const THUMB_MAX_WIDTH = 960;
export const THUMB_QUALITY = 75;
/** Images with more pixels are not decoded (a decompression bomb): the original is served. */
export const THUMB_MAX_INPUT_PIXELS = 50_000_000;
/** Files larger than this are not read into memory to be shrunk (no upload of an image is). */
export const THUMB_MAX_INPUT_BYTES = 24 * 1024 * 1024;
/** A thumbnail that takes longer is given up (libvips stops), and the original is served. */
export const THUMB_TIMEOUT_SECONDS = 10;
/** Thumbnails made at once by this process; one libvips thread each. */
export const THUMB_CONCURRENCY = 1;
/** Requests waiting for a turn beyond which the original is served at once rather than queued. */
export const THUMB_MAX_WAITING = 32;

/** The formats libvips is asked to read; anything else (a video, a voice note) gets no thumbnail. */
const READABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export function canHaveThumbnail(contentType: string): boolean {
  return READABLE.has(contentType);
}

/** Why no thumbnail was made: for good (`unusable`: the file's fault) or for now (`busy`). */
export class NoThumbnail extends Error {
  constructor(
    readonly reason: 'unusable' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

type SharpModule = typeof SharpDefault;
let sharpModule: Promise<SharpModule> | undefined;
/** sharp (libvips) is loaded on the first thumbnail, not at start-up, and set up once. */
function loadSharp(): Promise<SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1); // libvips threads per image
    sharp.cache(false); // nothing kept between images: each is made once, then stored
    return sharp;
  });
  return sharpModule;
}

/** A queue of THUMB_CONCURRENCY running jobs and at most THUMB_MAX_WAITING waiting ones. */
function limiter(running: number, waiting: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (queue.length >= waiting) throw new NoThumbnail('busy', 'too many thumbnails waiting');
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    active++;
    try {
      return await job();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
const inTurn = limiter(THUMB_CONCURRENCY, THUMB_MAX_WAITING);

/**
 * `read`'s image as a WebP of at most THUMB_MAX_WIDTH × THUMB_MAX_HEIGHT, turned as its EXIF orientation says and without
 * any metadata (no GPS position, no camera). Throws NoThumbnail('unusable') for a file libvips cannot
 * read, an animation, or an image of more than THUMB_MAX_INPUT_PIXELS pixels; NoThumbnail('busy') when
 * too many wait for their turn or libvips took too long.
 */
export async function makeThumbnail(read: () => Promise<Buffer>): Promise<Buffer> {
  const sharp = await loadSharp();
  return inTurn(async () => {
    const input = await read(); // in its turn: no more than THUMB_CONCURRENCY files in memory
    const options: SharpOptions = { limitInputPixels: THUMB_MAX_INPUT_PIXELS, failOn: 'error' };
    let image: Sharp;
    try {
      image = sharp(input, options);
      const meta = await image.metadata();
      if ((meta.pages ?? 1) > 1) throw new NoThumbnail('unusable', 'an animation');
      if (!meta.width || !meta.height || meta.width * meta.height > THUMB_MAX_INPUT_PIXELS) {
        throw new NoThumbnail('unusable', 'no size, or too many pixels');
      }
    } catch (err) {
      if (err instanceof NoThumbnail) throw err;
      throw new NoThumbnail('unusable', (err as Error).message);
    }
    try {
      return await image
        .rotate()
        .resize({
          width: THUMB_MAX_WIDTH,
          height: THUMB_MAX_HEIGHT,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: THUMB_QUALITY })
        .timeout({ seconds: THUMB_TIMEOUT_SECONDS })
        .toBuffer();
    } catch (err) {
      const message = (err as Error).message;
      if (/timeout/i.test(message)) throw new NoThumbnail('busy', message);
      throw new NoThumbnail('unusable', message);
    }
  });
}
