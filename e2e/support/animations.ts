import type { Page } from 'playwright-core';

/**
 * Waits until the page's finite animations and transitions (a popup moving in, a colour fading) have ended; endless
 * ones (spinners) are left running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
