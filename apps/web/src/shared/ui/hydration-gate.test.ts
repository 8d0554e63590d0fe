import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answersMayLand,
  holdAnswersWhileHydrating,
  holdingAnswers,
  pageHydrated,
  partHydrated,
  partWaiting,
  rootHydrated,
} from './hydration-gate';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Which of the promises have settled so far. */
function watch(...promises: Promise<void>[]) {
  const settled = promises.map(() => false);
  promises.forEach((promise, index) => void promise.then(() => (settled[index] = true)));
  return settled;
}

describe('answers held while a page drawn ahead hydrates', () => {
  it('go at once when no page is hydrating', async () => {
    const settled = watch(answersMayLand());
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual([true]);
  });

  it('land after the last part, one task apart', async () => {
    holdAnswersWhileHydrating();
    const releaseMenu = partWaiting('menu');
    partWaiting('page');
    rootHydrated();
    partHydrated('menu');
    const [first, second] = [answersMayLand(), answersMayLand()];
    const settled = watch(first, second);
    // Each in a task of its own: when the first lands, the second has not.
    let secondWhenFirstLanded: boolean | undefined;
    void first.then(() => (secondWhenFirstLanded = settled[1]));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toEqual([false, false]);
    expect(holdingAnswers()).toBe(true);

    partHydrated('page');
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toEqual([true, true]);
    expect(secondWhenFirstLanded).toBe(false);
    expect(holdingAnswers()).toBe(false);
    releaseMenu();
  });

  it('never wait past five seconds, even for a part that never hydrates', async () => {
    holdAnswersWhileHydrating();
    partWaiting('footer');
    rootHydrated();
    const settled = watch(answersMayLand(), pageHydrated());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toEqual([true, true]);
    expect(holdingAnswers()).toBe(false);
  });

  it('are let go when the page leaves before its parts hydrate', async () => {
    holdAnswersWhileHydrating();
    const leave = partWaiting('page');
    rootHydrated();
    const settled = watch(pageHydrated());
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual([false]);
    leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual([true]);
  });
});
