// Reads the Vitest JSON reports in .vitest-reports/ and prints their totals. A suite that should
// have written a report and did not (it crashed) counts as one failure.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const reportsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.vitest-reports');

/** Totals of the given report names (without .json), or of every report in the folder. */
export function totals(names) {
  const files =
    names ??
    (fs.existsSync(reportsDir)
      ? fs
          .readdirSync(reportsDir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -5))
      : []);
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const name of files) {
    const file = path.join(reportsDir, `${name}.json`);
    if (!fs.existsSync(file)) {
      failed += 1;
      failures.push(`${name}: the suite did not finish (no report)`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    if ((report.numFailedTestSuites ?? 0) > 0 && (report.numFailedTests ?? 0) === 0) {
      failed += report.numFailedTestSuites;
      failures.push(`${name}: ${report.numFailedTestSuites} test file(s) failed to run`);
    }
    for (const suite of report.testResults ?? []) {
      for (const t of suite.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        // The first lines of the message, so that a run's tail alone says why (ANSI colours removed).
        const why = (t.failureMessages ?? [])
          .join('\n')
          .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
          .split('\n')
          .filter((line) => line.trim() && !/^\s+at /.test(line))
          .slice(0, 6)
          .map((line) => `      ${line.slice(0, 200)}`);
        failures.push(
          [`${name}: ${path.relative(process.cwd(), suite.name)} › ${t.fullName}`, ...why].join('\n'),
        );
      }
    }
  }
  return { passed, failed, failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const { passed, failed, failures } = totals(names.length > 0 ? names : undefined);
  for (const f of failures) console.log(`  failed: ${f}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
