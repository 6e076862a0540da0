import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true once the page runs in the browser.
 *
 * Not `useSyncExternalStore` with a server snapshot of false: React re-renders every component whose client
 * snapshot differs right after hydration, synchronously, in the task that runs the first effects. A page of
 * product cards (a compare button and an add form each) made that one task of about 180 ms under Lighthouse's
 * 4× slowdown, the largest part of its Total Blocking Time (docs/PERFORMANCE.md, sixteenth session). A
 * transition lets React render the change in slices between the browser's other work. A component mounted
 * later (a client-side navigation) starts from false too, so it always matches what a server would have
 * rendered, which is what keeps a Suspense boundary hydrated after the root consistent.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
