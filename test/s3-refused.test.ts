import { expect, it } from 'vitest';
import { createTestApp } from './helpers/app';

it('refuses to start with S3 settings rather than silently keeping files on local disk', async () => {
  await expect(
    createTestApp({ S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
  ).rejects.toThrow(/S3_BUCKET: S3 storage is not available/);
});
