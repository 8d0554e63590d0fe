import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsSettled } from './animations.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA plus its best practices) on the page once its transitions have ended and answers
 * the serious and critical violations, each with the elements at fault.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource });
  }
  // A colour half-way through a transition (a button leaving its loading state, a row fading in) is no colour a user
  // reads: axe judges the colours the page settles on.
  await animationsSettled(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: { resultTypes: string[] }) => Promise<AxeResults> };
      }
    ).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    // Only the violations are read: axe then leaves out the details of what passed and what it could not decide.
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
  });
}
