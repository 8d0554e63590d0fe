import { useCallback, useEffect, useState } from 'react';

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Seconds left until a deadline set by `start`, ticking once a second; 0 when idle. The deadline, not a decrementing
 * counter, is the state, so a tab the browser throttled still ends the count on time.
 */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) {
      return undefined;
    }
    const timer = setInterval(() => {
      const remaining = secondsUntil(deadline);
      setLeft(remaining);
      if (remaining === 0) {
        setDeadline(null);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    setDeadline(Date.now() + seconds * 1000);
    setLeft(seconds);
  }, [seconds]);

  return { left, running: left > 0, start };
}
