import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

// axe-core in the browser tests: the engine's own script from node_modules (nothing downloaded), injected into the
// page under test, run over the whole document.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation as a test failure names it: rule, impact, what to fix, and the elements concerned. */
export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A/AA rules and axe's best practices) on the page as it is now.
 * @returns every violation, whatever its impact (issue 27 item 9 raised the bar of issue 10, which counted only
 *   critical and serious ones).
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the page's CSP (issue 11 §8) refuses those.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => String(n.target)),
    }));
  });
  return violations;
}
