import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** API answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

// Text the API writes (JSON, error pages). Never the chat stream (text/event-stream: a compressor
// holds bytes back until it has enough, which would delay every live message) and never media
// (pictures, video and audio are compressed already, and answer Range requests byte for byte).
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:plain|html|css|javascript|csv))\b/;

/** Whether an answer of this Content-Type is compressed when it is large enough. */
export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Compresses dynamic answers of at least COMPRESS_THRESHOLD bytes by Accept-Encoding (brotli at a
 * quality that is cheap per request, else gzip). The built client is served precompressed
 * (server/plugins/client.ts), so it passes through untouched. Request bodies are never inflated:
 * no route takes compressed uploads, and a small body that inflates to gigabytes is an attack.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: (contentType: string) => isCompressibleType(contentType),
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
}
