/**
 * All business time comes from a Clock (ARCHITECTURE §6). Under DEV_TOOLS the clock can be moved forward, like
 * Stripe's test clocks, so a person or a test can watch a day of billing happen in a second.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class AdjustableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(minutes: number): void {
    this.offsetMs += minutes * 60_000;
  }

  get offsetMinutes(): number {
    return Math.round(this.offsetMs / 60_000);
  }
}

/** A clock that stands still until told to move; tests use it to make periods exact. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}

  now(): Date {
    return new Date(this.current);
  }

  set(next: Date): void {
    this.current = new Date(next);
  }
}
