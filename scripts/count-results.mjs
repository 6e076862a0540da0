// Adds up the Vitest JSON reports in test-results/ and prints "N passed, N failed".
// Names each failed test with the first line of its message, so a CI log that keeps only its tail still says
// which test failed. Exits 1 when a test failed or when no test ran at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const dir = 'test-results';
for (const file of existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : []) {
  const report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      console.log(
        `  failed: ${suite.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}: ${message.slice(0, 300)}`,
      );
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
