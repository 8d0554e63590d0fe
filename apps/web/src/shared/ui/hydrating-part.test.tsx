import { act, waitFor } from '@testing-library/react';
import { useEffect, useSyncExternalStore } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { answersMayLand, holdAnswersWhileHydrating, rootHydrated } from './hydration-gate';
import { HydratingPart } from './hydrating-part';

// An answer read as TanStack Query's cache is read: whatever it holds now, hydrating or not.
let answer: string | null = null;
const listeners = new Set<() => void>();
const cache = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  read: () => answer,
};

let log: string[] = [];

function Part({ name }: { name: string }) {
  const value = useSyncExternalStore(cache.subscribe, cache.read, cache.read);
  log.push(`${name} renders`);
  useEffect(() => {
    log.push(`${name} committed`);
  }, [name]);
  return <p data-testid={name}>{value ?? 'loading'}</p>;
}

const land = () => {
  answer = 'the renter’s own figures';
  listeners.forEach((listener) => listener());
};

/**
 * A page as the console's root holds it: its parts, and the request its first effects send, whose answer comes back as
 * shared/http hands it over (after `answersMayLand`) or, to show what that wait is for, at once.
 */
function Page({ request }: { request?: 'as shared/http answers' | 'at once' }) {
  useEffect(() => {
    if (request === 'as shared/http answers') {
      void answersMayLand().then(land);
    } else if (request === 'at once') {
      void Promise.resolve().then(land);
    }
    rootHydrated();
  }, [request]);
  return (
    <main>
      <HydratingPart>
        <Part name="menu" />
      </HydratingPart>
      <HydratingPart>
        <Part name="page" />
      </HydratingPart>
    </main>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  answer = null;
  log = [];
  document.body.replaceChildren();
});

/** The page's HTML as the build drew it, before any answer, then hydrated as start.tsx hydrates it. */
async function hydrate(request: 'as shared/http answers' | 'at once') {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const drawn = [...container.querySelectorAll('p')];
  log = [];
  const mismatches: unknown[] = [];
  holdAnswersWhileHydrating();
  await act(async () => {
    root = hydrateRoot(container, <Page request={request} />, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  return { container, drawn, mismatches };
}

describe('a page drawn ahead, hydrating part by part', () => {
  it('hydrates each part in a commit of its own, one after the other', async () => {
    const { container } = await hydrate('as shared/http answers');
    await waitFor(() => expect(log).toContain('page committed'));
    // Hydrated together, both would render before either commits.
    expect(log.indexOf('menu committed')).toBeLessThan(log.indexOf('page renders'));
    await waitFor(() => expect(container.textContent).toBe('the renter’s own figures'.repeat(2)));
  });

  it('keeps the drawn elements: the answer lands once every part has hydrated, never inside one still waiting', async () => {
    const { container, drawn, mismatches } = await hydrate('as shared/http answers');
    await waitFor(() => expect(container.textContent).toBe('the renter’s own figures'.repeat(2)));
    expect(mismatches).toEqual([]);
    expect([...container.querySelectorAll('p')]).toEqual(drawn);
  });

  it('an answer that did not wait meets the part still waiting, and React draws that part again', async () => {
    const { container, drawn, mismatches } = await hydrate('at once');
    await waitFor(() => expect(container.textContent).toBe('the renter’s own figures'.repeat(2)));
    expect(mismatches.length).toBeGreaterThan(0);
    expect([...container.querySelectorAll('p')]).not.toEqual(drawn);
  });
});
