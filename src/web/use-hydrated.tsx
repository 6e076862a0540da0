import { createContext, startTransition, use, useEffect, useState } from 'react';

/** Outside the shop's layout (a component's own test) a component runs hydrated when there is a browser. */
const HydratedContext = createContext(typeof document !== 'undefined');

/**
 * Tells its readers when the page runs in the browser, and marks it with `html[data-hydrated]` once they have
 * re-rendered for it.
 *
 * The flip is a transition (decision 036): read synchronously, it re-rendered every reader (a page of cards with
 * their compare buttons and add forms) in the task that runs hydration's first effects, the longest task of a
 * page's load. The attribute is set by an effect of the committed flip, so whatever waits for it (the end-to-end
 * tests, the profile's tabs, the personalised form) meets the browser's markup, never the server's.
 */
export function HydratedProvider({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = '';
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** False on the server and while the page hydrates, true once it runs in the browser. */
export function useHydrated(): boolean {
  return use(HydratedContext);
}
