import { z } from 'zod';
import { text } from './fields';

/** The path of GET /api/media/{id}: an id that is no stored file's is not found (404). */
export const mediaIdParams = z.object({ id: text('id') });
