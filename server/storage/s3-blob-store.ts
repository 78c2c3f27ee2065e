import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, type Config } from '../config';
import { BLOB_KEY_PATTERN, newBlobKey, type BlobStore } from './blob';

type S3Settings = NonNullable<Config['s3']>;

/**
 * Multipart parts of 5 MiB (the S3 minimum), two in flight while the next fills: an upload holds
 * about 15 MiB (bench/upload.ts --s3 measures a peak of 3 to 26 MiB for 512 MiB).
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** The readiness check's HeadBucket answer is reused this long, whatever the number of probes. */
export const BUCKET_CHECK_TTL_MS = 1000;
/** A HeadBucket that has not answered by then counts as the bucket being unreachable. */
const BUCKET_CHECK_TIMEOUT_MS = 2000;

function checkedKey(key: string): string {
  if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return key;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Blob store in an S3-compatible bucket (AWS S3, MinIO, R2…), used when `S3_*` is set. Uploads stream
 * through as multipart uploads, so a 500 MB recording never sits in memory; one that fails part-way is
 * aborted, leaving nothing. The media handler still serves every file itself (Range included), so the
 * access rules stay in one place and the bucket can stay private.
 */
export async function s3BlobStore(settings: S3Settings): Promise<BlobStore> {
  // Loaded only when S3 is configured: the SDK adds about 0.1 s and some memory to a start.
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Custom endpoints (MinIO and the like) rarely have a DNS name per bucket.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;

  // Refuse to start on a bucket that cannot be reached, rather than fail at the first upload.
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
  } catch (err) {
    const reason = isNotFound(err) ? 'no such bucket' : ((err as Error).message ?? String(err));
    client.destroy();
    const where = settings.endpoint ? ` at ${settings.endpoint}` : '';
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: bucket ${JSON.stringify(Bucket)} is not usable${where}: ${reason}`,
    );
  }

  // The readiness check: one HeadBucket at a time, its answer kept for BUCKET_CHECK_TTL_MS.
  let checked: { at: number; answer: Promise<boolean> } | undefined;
  const headBucket = () =>
    client
      .send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(BUCKET_CHECK_TIMEOUT_MS) })
      .then(
        () => true,
        () => false,
      );

  return {
    newKey: newBlobKey,

    close() {
      client.destroy();
    },

    check() {
      // Timed from the answer, so a slow HeadBucket is not followed by another at once.
      if (!checked || (checked.at !== 0 && Date.now() - checked.at >= BUCKET_CHECK_TTL_MS)) {
        const entry = { at: 0, answer: headBucket() };
        void entry.answer.then(() => (entry.at = Date.now()));
        checked = entry;
      }
      return checked.answer;
    },

    async write(key, body) {
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: counted },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      const results = await Promise.allSettled([
        pipeline(body, counted).catch(async (err: unknown) => {
          // The source failed (refused type, too large, client gone): stop the upload, keep nothing.
          await upload.abort().catch(() => {});
          throw err;
        }),
        upload.done().catch((err: unknown) => {
          // The bucket failed: stop reading the source, which would otherwise wait forever.
          counted.destroy(err as Error);
          throw err;
        }),
      ]);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw (failed as PromiseRejectedResult).reason;
      }
      return size;
    },

    read(key, range) {
      const out = new PassThrough();
      const command = new GetObjectCommand({
        Bucket,
        Key: checkedKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      });
      client
        .send(command, { abortSignal: abortOnClose(out) })
        .then((res) => pipeline(res.Body as Readable, out))
        .catch((err: unknown) => out.destroy(err as Error));
      return out;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
  };
}

/** A signal that aborts the S3 request when the reader goes away before the body started. */
function abortOnClose(stream: PassThrough): AbortSignal {
  const controller = new AbortController();
  stream.once('close', () => controller.abort());
  return controller.signal;
}
