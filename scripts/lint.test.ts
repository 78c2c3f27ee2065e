// The lint configuration itself: an import cycle fails `eslint` (eslint.config.js, tribe36/no-cycle in scripts/eslint-no-cycle.js).
// Runs ESLint's API on small files written into server/ for the test, so that they get the
// repository's configuration, and removed after.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(root, 'server', '.lint-cycle-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function cycleErrors(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  // ignore: false, as eslint.config.js ignores this folder (in case a killed run leaves it).
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles(Object.keys(files).map((name) => path.join(dir, name)));
  return Object.fromEntries(
    results.map((r) => [
      path.basename(r.filePath),
      r.messages.filter((m) => m.ruleId === 'tribe36/no-cycle').map((m) => m.line),
    ]),
  );
}

describe('lint', () => {
  it('fails two files that import each other, on both import lines', async () => {
    const errors = await cycleErrors({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(errors).toEqual({ 'a.ts': [1], 'b.ts': [1] });
  }, 60_000);

  it('fails a cycle closed by a dynamic import, through the @common/ alias (the blob stores had one)', async () => {
    const errors = await cycleErrors({
      'c.ts':
        "import { d } from '@common/../server/" +
        path.basename(dir) +
        "/d';\nexport const c = 1 + d.length;\n",
      'd.ts': "export const d = 'd';\nexport async function load() {\n  return (await import('./c')).c;\n}\n",
    });
    expect(errors).toEqual({ 'c.ts': [1], 'd.ts': [3] });
  }, 60_000);

  it('lets a type-only import point back (it is gone at run time)', async () => {
    const errors = await cycleErrors({
      'e.ts': "import type { F } from './f';\nexport const e = (f: F) => f;\n",
      'f.ts': "import { e } from './e';\nexport type F = number;\nexport const f = e(1);\n",
    });
    expect(errors).toEqual({ 'e.ts': [], 'f.ts': [] });
  }, 60_000);
});
