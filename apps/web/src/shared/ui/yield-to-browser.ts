/**
 * Hands the main thread back to the browser where it can (`scheduler.yield`: Chromium, Firefox), so that input, a
 * paint or the rest of a render can come before the work that follows; elsewhere the work goes on at once. A slow
 * phone counts every task over 50 ms against the page's responsiveness (issue 25).
 */
export function yieldToBrowser(): Promise<void> | undefined {
  return (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();
}
