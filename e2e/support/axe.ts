/** axe-core, injected into the real page, reporting only what blocks people: serious and critical. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string; html: string }[];
};

export async function seriousViolations(page: Page): Promise<Violation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    // axe is injected at run time
    const axe = (window as any).axe;
    // Frames are third-party (the map) and cannot be reached offline; their titles are still checked.
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return result.violations as Violation[];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    at ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n')}`,
    )
    .join('\n');
}
