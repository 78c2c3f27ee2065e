import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@common': path.resolve(import.meta.dirname, 'common') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'common/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/helpers/global-setup.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/fixtures/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a Playwright locator does (vitest's own default, 1 s, is shorter
          // than a cold first page load on a busy 2-core machine).
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // Issue 16: PostgreSQL, a bucket, three instances of the build and a proxy (cluster/harness.ts).
        // Not part of `npm test`: `npm run test:cluster`, and .ci/run.
        resolve: { alias },
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['cluster/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
