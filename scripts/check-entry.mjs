// The page's entry must import no other chunk (docs/decisions.md decisions 65, 66 and 80). Every page,
// the visitor's home page first, loads the entry (client/main.tsx) and nothing else before it starts the
// app's steps one by one. A module the entry imports that a later chunk imports too is put by the
// bundler in a chunk of its own or in one of the shared groups (scripts/chunk-groups.ts), and the entry
// then imports that chunk, and whatever it imports, before anything runs: in December 2026 two small
// helpers of `common/` brought the whole `ui` group and four boot steps to the visitor's page (115.5 →
// 138.0 KB of brotli JavaScript, first paint 1.3 → 2.2 s in the first-load bench). The build stops
// instead, naming what the entry imports.
import fs from 'node:fs/promises';
import path from 'node:path';

/** Throws when an entry chunk of the client's build imports another chunk (reads Vite's manifest). */
export async function checkEntry(clientDir) {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
  const problems = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry && chunk.imports?.length)
    .map(
      ([key, chunk]) =>
        `${key} (${chunk.file}) imports ${chunk.imports.map((i) => manifest[i]?.file ?? i).join(', ')}`,
    );
  if (problems.length > 0) {
    throw new Error(
      `The page's entry must import no other chunk (scripts/check-entry.mjs): ${problems.join('; ')}. ` +
        'Import only modules nothing else imports from client/main.tsx (copy a small helper, as ' +
        'client/lib/early-member-profile.ts does), or import them dynamically.',
    );
  }
}
