import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False on the server and during hydration, true once the page runs in the browser.
 *
 * React re-renders every reader synchronously at the end of the task that runs the first effects, the task in
 * which root.tsx sets `html[data-hydrated]`, so anything that waits for that attribute (the end-to-end tests, a
 * shopper's first keystroke) meets the browser's markup. A transition would take that task's re-render of a page of cards out of it
 * (decision 036), but it let the attribute come first: the profile's tabs and the personalised form changed
 * under the tests' hands. Kept synchronous until the attribute can wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
