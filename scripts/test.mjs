// `npm test`: the whole suite. Lint, format and type checks, unit and API tests (Vitest, on
// PGlite), the production build, then the browser tests in Debian's Chromium, one at a time.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reportsDir, totals } from './test-reports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(label, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return r.status === 0;
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing it from Debian (apt-get install -y chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
    if (fs.existsSync(chromium)) return true;
  }
  console.error(
    'Chromium is missing for the browser tests: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).',
  );
  return false;
}

if (!ensureChromium()) process.exit(1);
fs.rmSync(reportsDir, { recursive: true, force: true });
fs.mkdirSync(reportsDir, { recursive: true });

const vitest = bin('vitest', 'vitest.mjs');
const failedSteps = [];
const step = (label, ok) => ok || failedSteps.push(label);

step('lint', run('lint (eslint)', [bin('eslint', 'bin/eslint.js'), '.']));
step(
  'format',
  run('format (prettier --check)', [
    bin('prettier', 'bin/prettier.cjs'),
    '--check',
    '.',
    '--log-level',
    'warn',
  ]),
);
step(
  'typecheck',
  run('typecheck (tsc --noEmit)', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']),
);
const reportArgs = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reportsDir, name + '.json')}`,
];
step(
  'unit and API tests',
  run('unit and API tests (vitest)', [
    vitest,
    'run',
    '--project',
    'unit',
    '--project',
    'api',
    ...reportArgs('unit-api'),
  ]),
);
const built = run('production build', [path.join(root, 'scripts', 'build.mjs')]);
step('build', built);
if (built) {
  step(
    'browser tests',
    run(
      'browser tests (vitest + playwright-core, Chromium)',
      [vitest, 'run', '--project', 'e2e', ...reportArgs('e2e')],
      { CHROMIUM_PATH: chromium },
    ),
  );
}

const { passed, failed, failures } = totals(built ? ['unit-api', 'e2e'] : ['unit-api']);
console.log('\n=== summary ===');
for (const f of failures) console.log(`  failed: ${f}`);
for (const s of failedSteps) console.log(`  failed step: ${s}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
