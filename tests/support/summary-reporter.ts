/**
 * Prints one closing line, "<suite>: N passed, N failed, N skipped", after vitest's own report,
 * so CI logs (and the tools that read them) can tell at a glance how many tests ran.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  private readonly suite: string;

  constructor(options: { suite?: string } = {}) {
    this.suite = options.suite ?? 'tests';
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file that failed to load has no tests but is still a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
    }
    process.stdout.write(`\n${this.suite}: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
