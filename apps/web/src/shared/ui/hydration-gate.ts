/**
 * A page drawn ahead (prerendered) hydrates part by part (HydratingPart), one after the other: React would hydrate
 * parts left waiting together, in one render and one commit, so each part waits for the one before it to have
 * hydrated. A part that hydrates after an answer has landed would render that answer where its HTML holds a skeleton,
 * which React takes for a mismatch, and it would draw the part again from scratch. So while such a page hydrates, the
 * requests go out at once but their answers wait for the last part (shared/http).
 */

// However a part fares, answers never wait longer than this.
const LONGEST_HOLD_MS = 5_000;

const waiting = new Set<string>();
const hydrated = new Set<string>();
let rootCommitted = false;
let release: (() => void) | null = null;
let released: Promise<void> = Promise.resolve();
// The last answer held: the next one lands a task after it.
let heldAnswers: Promise<void> = Promise.resolve();
// What the next part to hydrate waits for: the part before it to have hydrated.
let previousPart: Promise<void> = Promise.resolve();
let longestHold: ReturnType<typeof setTimeout> | undefined;

function releaseAnswers(): void {
  release?.();
  release = null;
}

function releaseWhenAllHydrated(): void {
  if (release && rootCommitted && [...waiting].every((id) => hydrated.has(id))) {
    releaseAnswers();
  }
}

/** Called before hydrating a page drawn ahead: answers wait from now until its parts have hydrated. */
export function holdAnswersWhileHydrating(): void {
  waiting.clear();
  hydrated.clear();
  rootCommitted = false;
  previousPart = Promise.resolve();
  heldAnswers = Promise.resolve();
  released = new Promise((resolve) => {
    release = resolve;
  });
  clearTimeout(longestHold);
  longestHold = setTimeout(releaseAnswers, LONGEST_HOLD_MS);
}

export interface PartTurn {
  /** What the part waits for before it hydrates; null when no page is hydrating. */
  after: Promise<void> | null;
  /** Called once the part has hydrated: the next part's turn. */
  done: () => void;
}

/** A part's place in the order parts hydrate in, taken as it first renders. */
export function takeTurn(): PartTurn {
  if (!release) {
    return { after: null, done: () => undefined };
  }
  const after = Promise.race([previousPart, released]);
  let done = () => undefined as void;
  previousPart = new Promise((resolve) => {
    done = resolve;
  });
  return { after, done };
}

/**
 * Resolves once an answer may reach the page: at once, unless a page drawn ahead is still hydrating. Answers held
 * meanwhile land one task apart, each rendered on its own rather than all of them in one long task.
 */
export function answersMayLand(): Promise<void> {
  if (!release) {
    return Promise.resolve();
  }
  heldAnswers = heldAnswers.then(() => released).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return heldAnswers;
}

/** Whether answers are held still: a page drawn ahead is hydrating, and its parts take their turns. */
export function holdingAnswers(): boolean {
  return release !== null;
}

/** Resolves once a page drawn ahead has hydrated, every part of it; at once when no page is hydrating. */
export function pageHydrated(): Promise<void> {
  return released;
}

/** The page's root has committed: every part it holds has said so (their effects run before the root's). */
export function rootHydrated(): void {
  rootCommitted = true;
  releaseWhenAllHydrated();
}

export function partWaiting(id: string): () => void {
  waiting.add(id);
  return () => {
    waiting.delete(id);
    releaseWhenAllHydrated();
  };
}

export function partHydrated(id: string): () => void {
  hydrated.add(id);
  releaseWhenAllHydrated();
  return () => {
    hydrated.delete(id);
  };
}
