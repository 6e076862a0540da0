import { useLayoutEffect, useRef } from 'react';

/**
 * The cart action's `redirectTo`, which only a post made without JavaScript may carry: with it the action answers
 * with a redirect back to `to`, without it with the line and the count (routes/cart.tsx).
 *
 * A layout effect disables it (a disabled field is not posted) in the commit that gives the form React's handlers,
 * before the browser runs another task, so a click in the moment the page hydrates is posted by the fetcher without
 * it. Nothing re-renders for it. While it was removed by the hydration flag, which flips in a transition after that
 * commit (use-hydrated.tsx), such a click was redirected and the header's counter never heard of the line
 * (e2e/cart.e2e.ts, "the moment React hydrates").
 */
export function RedirectWithoutScript({ to }: { to: string }) {
  const field = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (field.current) field.current.disabled = true;
  }, []);
  return <input ref={field} type="hidden" name="redirectTo" value={to} />;
}
