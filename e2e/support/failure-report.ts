import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunnerTestCase as Test } from 'vitest';
import { recentApiCalls } from './api-requests.js';
import { welcomeState } from './welcome-requests.js';

/** The test running now, set by setup-failures.ts before each test. */
let currentTest: Test | undefined;

export function followCurrentTest(test: Test): void {
  currentTest = test;
}

export function currentTestFailed(): boolean {
  return currentTest?.result?.state === 'fail';
}

/**
 * What a failed journey's page showed as it failed, printed with the test's output: its address, the dialogs open, the
 * welcome dialogs' answers, the last API answers, and a screenshot's path. A journey that fails once in a CI run on a
 * loaded box is then read from the log rather than guessed at.
 */
export async function reportFailure(page: Page): Promise<void> {
  const name = (currentTest?.name ?? 'journey').replace(/[^\w-]+/g, '-').slice(0, 80);
  const directory = path.join(os.tmpdir(), 'suanli-journey-failures');
  mkdirSync(directory, { recursive: true });
  const screenshot = path.join(directory, `${name}-${Date.now()}.png`);
  const dialogs = await page
    .evaluate(() =>
      Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer-content-wrapper'))
        .filter((element) => getComputedStyle(element).display !== 'none')
        .map((element) => (element.textContent ?? '').slice(0, 120)),
    )
    .catch((error: Error) => [`(unreadable: ${error.message})`]);
  await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
  const welcome = welcomeState(page.context());
  console.error(
    [
      `journey failed at ${page.url()}`,
      `dialogs open: ${dialogs.length === 0 ? 'none' : dialogs.map((text) => `"${text}"`).join(', ')}`,
      `welcome answers: benefit ${JSON.stringify(welcome.benefit)}, notice ${JSON.stringify(welcome.notice)}, seen recorded ${welcome.noticeSeen}, ${welcome.inFlight.size} in flight`,
      'last API answers:',
      ...recentApiCalls(page.context()).map((call) => `  ${call}`),
      `screenshot: ${screenshot}`,
    ].join('\n'),
  );
}
