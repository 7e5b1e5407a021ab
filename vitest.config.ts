import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/setup.ts'],
    // One throwaway PostgreSQL cluster for the store contract tests (tests/store-contract).
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
    // Browser (Playwright) tests run separately against a built app and a live server.
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    pool: 'forks',
    // The build machine has two cores shared with other work.
    maxWorkers: 2,
    testTimeout: 15_000,
    reporters: ['default', ['./tests/support/summary-reporter.ts', { suite: 'unit' }]],
    // The article body's stylesheet is imported as a string (?inline) and tests check it reaches the shadow root.
    css: { include: [/article-body\.css/] },
  },
});
