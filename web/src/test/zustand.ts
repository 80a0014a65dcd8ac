/**
 * zustand for the unit tests (vite.config.ts points `zustand` here in Vitest only): zustand's own `create`, and every
 * store made with it returns to its first state at `resetStores()`. The test files of a Vitest worker share one module
 * graph (`isolate: false`), so a store is made once per worker, not once per file: between-files.ts resets them all
 * after each file, as a fresh graph would have them.
 */
import { create as zustandCreate } from 'zustand/react';
import type { UseBoundStore } from 'zustand/react';
import type { StateCreator, StoreApi } from 'zustand/vanilla';

export * from 'zustand/vanilla';
export * from 'zustand/react';

const resets = new Set<() => void>();

function registered<T>(initializer: StateCreator<T, [], []>): UseBoundStore<StoreApi<T>> {
  const store = zustandCreate(initializer);
  const first = store.getInitialState();
  resets.add(() => store.setState(first, true));
  return store;
}

/** zustand's `create`, both forms (`create(init)` and `create<T>()(init)`), keeping a reset of each store. */
export const create = (<T>(initializer?: StateCreator<T, [], []>) =>
  initializer ? registered(initializer) : registered) as unknown as typeof zustandCreate;

/** Every store made so far back to the state it was made with. */
export function resetStores(): void {
  for (const reset of resets) reset();
}
