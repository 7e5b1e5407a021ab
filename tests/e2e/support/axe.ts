/** axe-core run inside a real page, for the browser tests' accessibility checks. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../support/server-process';

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP does not apply); one line per violation. */
export async function axeViolations(page: Page): Promise<string[]> {
  const hasAxe = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(', ')}`,
  );
}
