import { Suspense, use, useEffect, useId, useState, type ReactNode } from 'react';
import { holdingAnswers, partHydrated, partWaiting, takeTurn, type PartTurn } from './hydration-gate';

function AfterPreviousPart({ after }: { after: Promise<void> }) {
  // Once answers are let go (every part has hydrated, or the wait ran out), a part hydrates as soon as React asks: a
  // click on it makes React hydrate it at once, and a part that suspended then would lose the click.
  if (holdingAnswers()) {
    use(after);
  }
  return null;
}

function Hydrated({ id, turn }: { id: string; turn: PartTurn }) {
  useEffect(() => {
    turn.done();
    return partHydrated(id);
  }, [id, turn]);
  return null;
}

/**
 * A part of a page drawn ahead that React hydrates on its own, in a commit of its own, after the part before it
 * (hydration-gate.ts), rather than with the rest of the page in one long task. A Suspense boundary: while the page
 * hydrates, the part waits there for its turn; otherwise nothing in it suspends. Answers wait until every part has
 * hydrated. A part handed new props, or under a context that changes, before its turn is hydrated at once or drawn
 * again: what sits around parts hands them the same props until the page has hydrated (main-layout.tsx).
 */
export function HydratingPart({ children }: { children: ReactNode }) {
  const id = useId();
  const [turn] = useState(takeTurn);
  useEffect(() => partWaiting(id), [id]);
  return (
    <Suspense>
      {turn.after ? <AfterPreviousPart after={turn.after} /> : null}
      {children}
      <Hydrated id={id} turn={turn} />
    </Suspense>
  );
}
