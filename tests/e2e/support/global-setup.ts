/**
 * Runs once before the browser tests: builds the web app (with analytics pointed at a local
 * stand-in host, so no test could ever reach a real analytics provider) and starts that stand-in.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BAIDU_SITE_ID, GA_MEASUREMENT_ID, startAnalyticsStandIn } from './analytics-stand-in';
import { buildWebApp } from './build';
import { findChrome } from './chrome';
import { temporaryDirectory } from '../../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    analyticsOrigin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Fail in one clear line before building anything when there is no browser.
  findChrome();
  const standIn = await startAnalyticsStandIn();
  const buildRoot = temporaryDirectory('e2e-build');
  const distDir = join(buildRoot, 'dist');
  buildWebApp(distDir, {
    VITE_GA_MEASUREMENT_ID: GA_MEASUREMENT_ID,
    VITE_GA_SCRIPT_URL: `${standIn.origin}/gtag/js`,
    VITE_GA_ENABLED: 'true',
    VITE_BAIDU_SITE_ID: BAIDU_SITE_ID,
    VITE_BAIDU_SCRIPT_URL: `${standIn.origin}/hm.js`,
    VITE_BAIDU_ENABLED: 'true',
    // Learners whose browser prefers Chinese trigger this probe; it must stay on this machine too.
    VITE_CHINA_PROBE_URL: `${standIn.origin}/favicon.ico`,
  });
  project.provide('distDir', distDir);
  project.provide('analyticsOrigin', standIn.origin);
  return async () => {
    await standIn.close();
    rmSync(buildRoot, { recursive: true, force: true });
  };
}
