// `npm run docs:api`: writes docs/openapi.json, the API's OpenAPI document (decision 35), from the
// app itself without listening: built on a throwaway embedded database, asked for its document,
// closed. test/api-docs.test.ts fails while the committed file differs from what the routes say.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DOCUMENT_ENV } from '../server/plugins/api-docs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'openapi.json');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-openapi-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...DOCUMENT_ENV });
  const database = await openDatabase({
    dataDir: path.join(dataDir, 'db'),
    migrationsDir: config.migrationsDir,
  });
  try {
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      const text = JSON.stringify(app.swagger(), null, 2);
      const options = await prettier.resolveConfig(target);
      fs.writeFileSync(target, await prettier.format(text, { ...options, filepath: target }));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  console.log(`wrote ${path.relative(root, target)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
