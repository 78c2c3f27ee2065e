import { z } from 'zod';
import { text } from './fields';

/** The path of GET /api/media/{id}: an id that is no stored file's is not found (404). */
export const mediaIdParams = z.object({ id: text('id') });

/**
 * The query of GET /api/media/{id}: `size=small` asks for the small version of a photo (decision 71), a
 * WebP of at most 480 px high and 960 px wide without metadata, made on its first request. A file that
 * has none (a video, a voice note, an animation, an image that cannot be read) is answered with the
 * original, as without `size`; the access rules, 404s and caching are the original's.
 */
export const mediaQuery = z.object({
  size: z
    .enum(['small'], { error: 'size must be small' })
    .optional()
    .describe(
      'small: the photo’s small version (WebP, at most 480 px high), or the original when it has none',
    ),
});
export type MediaQuery = z.infer<typeof mediaQuery>;
