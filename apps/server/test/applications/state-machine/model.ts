import type { Money } from '@suanli/contract';
import type { UserId } from '../../../src/db/ids.js';

const MINUTE_MS = 60_000;

export interface ModelUser {
  userId: UserId;
  token: string;
  /** What a transfer names them by. */
  phone: string;
}

/**
 * A span of business time in which the application's workload may have been confirmed running: it opens when its
 * owner asks it to run (no confirmation can come earlier) and closes at the first moment the model knows it was not
 * running any more (its owner's stop or destroy answered, its process killed, every server down, the platform
 * seen to stop it).
 */
export interface RunWindow {
  from: number;
  to: number | null;
  /** The first and last checks that saw it running with a live, answering workload. */
  seenFrom: number | null;
  seenTo: number | null;
  /** Its billed minutes at the first of those checks. */
  billedWhenSeen: number;
  /** Closed by its owner's stop or destroy, answered 200 while it ran. */
  byOwner: boolean;
}

export interface ModelApp {
  id: string;
  owner: number;
  billingMode: 'minute' | 'day';
  gpuCount: number;
  windows: RunWindow[];
  /** Prepaid: what its terms were charged, as the create and renewal answers said. */
  prepaid: Money;
  /** A destroy was answered 200: it never runs or costs anything again. */
  destroyed: boolean;
  /** What its order had been charged (unsigned) when the destroy was answered: afterwards it may only shrink. */
  chargedAtDestroy: Money | null;
}

/** What the test knows, independently of the database, of the users and applications it drove. */
export class Model {
  readonly users: ModelUser[] = [];
  readonly apps = new Map<string, ModelApp>();
  /** When the previous check ran, in business time. */
  lastCheckAt = 0;

  addApp(app: Omit<ModelApp, 'windows' | 'destroyed' | 'chargedAtDestroy'>, askedAt: number | null): ModelApp {
    const added: ModelApp = { ...app, windows: [], destroyed: false, chargedAtDestroy: null };
    this.apps.set(app.id, added);
    if (askedAt !== null) {
      this.open(added, askedAt);
    }
    return added;
  }

  open(app: ModelApp, at: number): void {
    if (app.billingMode === 'minute' && !this.isOpen(app)) {
      app.windows.push({ from: at, to: null, seenFrom: null, seenTo: null, billedWhenSeen: 0, byOwner: false });
    }
  }

  close(app: ModelApp, at: number, byOwner = false): void {
    const last = app.windows.at(-1);
    if (last && last.to === null) {
      last.to = Math.max(last.from, at);
      last.byOwner = byOwner;
    }
  }

  /**
   * What a check saw of the application at `at`: running in the database with its workload answering, or not running
   * (at rest or stopping), or neither (starting). A window stays open while it starts; the platform bringing one
   * up again by itself opens one from the check before, the earliest it could have been confirmed.
   */
  observe(app: ModelApp, seen: { running: boolean; atRest: boolean; billedMinutes: number }, at: number): void {
    if (seen.running && !this.isOpen(app)) {
      this.open(app, this.lastCheckAt);
    }
    const window = app.windows.at(-1);
    if (window?.to === null && seen.running) {
      if (window.seenFrom === null) {
        window.seenFrom = at;
        window.billedWhenSeen = seen.billedMinutes;
      }
      window.seenTo = at;
    } else if (window?.to === null && seen.atRest) {
      this.close(app, at);
    }
  }

  isOpen(app: ModelApp): boolean {
    return app.windows.at(-1)?.to === null;
  }

  /**
   * The most minutes billing may have counted by `now`: each window's span, a started minute counting as a whole one
   * (the most generous reading of the rules).
   */
  maxBillableMinutes(app: ModelApp, now: number): number {
    return app.windows.reduce((sum, window) => sum + Math.ceil(((window.to ?? now) - window.from) / MINUTE_MS), 0);
  }

  ownedBy(owner: number): ModelApp[] {
    return [...this.apps.values()].filter((app) => app.owner === owner);
  }
}
