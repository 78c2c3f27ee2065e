// `npm test`: the whole suite. Static checks (typecheck, lint, prettier --check), unit and API tests
// (Vitest, on PGlite), the production build, then the browser tests in Debian's Chromium, one at a
// time. Ends with one line, "N passed, N failed", that counts the static checks as tests.
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

/** Runs one static check, printing its output when it ends; the result as a Vitest test would report it. */
function check(label, args) {
  console.log(`\n=== static checks: ${label} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  process.stdout.write(output);
  const ok = r.status === 0;
  console.log(ok ? `${label}: passed` : `${label}: FAILED (exit ${r.status ?? r.signal})`);
  return {
    fullName: label,
    status: ok ? 'passed' : 'failed',
    duration: Date.now() - started,
    failureMessages: ok ? [] : [`${label} failed:\n${output.trim() || `exit ${r.status ?? r.signal}`}`],
  };
}

function writeStaticReport(results) {
  const failed = results.filter((t) => t.status === 'failed').length;
  const report = {
    numPassedTests: results.length - failed,
    numFailedTests: failed,
    testResults: [{ name: 'static checks', assertionResults: results }],
  };
  fs.writeFileSync(path.join(reportsDir, 'static.json'), JSON.stringify(report, null, 2));
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

// Static checks first: each is counted as a test in the summary (a report of its own,
// .vitest-reports/static.json, in Vitest's JSON shape), so a failing one fails the run.
writeStaticReport([
  check('typecheck (tsc --noEmit)', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']),
  check('lint (eslint .)', [bin('eslint', 'bin/eslint.js'), '.']),
  check('format (prettier --check .)', [
    bin('prettier', 'bin/prettier.cjs'),
    '--check',
    '.',
    '--log-level',
    'warn',
  ]),
]);
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

const { passed, failed, failures } = totals(built ? ['static', 'unit-api', 'e2e'] : ['static', 'unit-api']);
console.log('\n=== summary ===');
for (const f of failures) console.log(`  failed: ${f}`);
for (const s of failedSteps) console.log(`  failed step: ${s}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
