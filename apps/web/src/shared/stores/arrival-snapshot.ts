import type { StateCreator, StoreMutatorIdentifier } from 'zustand';

type Mutators = [StoreMutatorIdentifier, unknown][];

/**
 * React reads a store's "server snapshot" while it hydrates a page, and zustand takes it from the store's defaults. The
 * console's pages are rendered ahead for the state a visitor arrives with (a stored token, persisted settings:
 * src/prerender.tsx) and hydrated only for that visitor (app/prerendered-page.ts), so the snapshot both sides must
 * agree on is the store's state as it stands, on the build's side as on the browser's. A middleware, outermost, so
 * that `persist` has set its own snapshot before this one replaces it.
 */
export const snapshotAsItStands =
  <State, Before extends Mutators = [], After extends Mutators = []>(
    initializer: StateCreator<State, Before, After>,
  ): StateCreator<State, Before, After> =>
  (set, get, api) => {
    const state = initializer(set, get, api);
    api.getInitialState = api.getState;
    return state;
  };
