// Prints one plain closing line, "tests: N passed, N failed", after vitest's own summary. When
// TEST_TIER_REPORT names a file, also writes there the counts of each tier (vitest project) as JSON, for
// the closing lines of `npm test` (scripts/test.ts).
import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  files: number;
}

export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const total: Counts = { passed: 0, failed: unhandledErrors.length, skipped: 0, files: 0 };
    const byTier: Record<string, Counts> = {};
    for (const module of testModules) {
      const tier = (byTier[module.project.name] ??= { passed: 0, failed: 0, skipped: 0, files: 0 });
      const add = (key: keyof Counts) => {
        total[key]++;
        tier[key]++;
      };
      add('files');
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        add(state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped');
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) add('failed');
    }
    process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
    const reportFile = process.env.TEST_TIER_REPORT;
    if (reportFile) fs.writeFileSync(reportFile, JSON.stringify({ byTier, unhandledErrors: unhandledErrors.length }));
  }
}
