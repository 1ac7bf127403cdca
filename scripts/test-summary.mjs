// Prints the unit test totals of the last vitest run as one plain line: "N passed, N failed".
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'node_modules/.cache/vitest-report.json', 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `unit: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
