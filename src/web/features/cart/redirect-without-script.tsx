import { useLayoutEffect, useState } from 'react';

/**
 * The cart action's `redirectTo`, which only a post made without JavaScript may carry: with it the action answers
 * with a redirect back to `to`, without it with the line and the count (routes/cart.tsx).
 *
 * It goes in the commit that gives the form React's handlers: a layout effect's update is rendered before the
 * browser runs another task, so a click in the moment the page hydrates is posted by the fetcher without it. The
 * hydration context (use-hydrated.tsx) flips in a transition, later; a field that waited for it was still in the
 * form meanwhile, the action redirected the fetcher, and the header's counter never heard of the line
 * (e2e/cart.e2e.ts, "the moment React hydrates").
 */
export function RedirectWithoutScript({ to }: { to: string }) {
  const [scriptless, setScriptless] = useState(true);
  useLayoutEffect(() => setScriptless(false), []);
  return scriptless ? <input type="hidden" name="redirectTo" value={to} /> : null;
}
