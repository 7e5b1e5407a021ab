/**
 * The browser tests: real Chromium (playwright-core) against the real server on a free port.
 * One file at a time: each file runs its own server and browser, and the machine has 2 cores.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default', ['./tests/support/summary-reporter.ts', { suite: 'e2e' }]],
  },
});
