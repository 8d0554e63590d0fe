import { useEffect, useState } from 'react';

/**
 * Seconds left until `deadline` (milliseconds since the epoch), ticking once a second, at most `seconds`; 0 when there
 * is none or it has passed. The deadline, not a decrementing counter, is the state, so a tab the browser throttled
 * still ends the count on time, and whoever keeps the deadline (a store) keeps the count across remounts.
 */
export function useCountdown(deadline: number | null, seconds: number) {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) {
      return undefined;
    }
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) {
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  // `now` may date from before the deadline was set; the count never shows more than its full length.
  const left = deadline === null ? 0 : Math.min(seconds, Math.max(0, Math.ceil((deadline - now) / 1000)));
  return { left, running: left > 0 };
}
