/*
 * Route discovery on intent (decision 049). React Router learns the routes a page links to from its
 * `/__manifest`, and each answer re-renders the whole page (`patchRoutes` updates the router's state): on
 * `/shop` that was 1,778 components and 1,329 elements right after hydration, the main thread's busiest moment.
 * So no link or form of ours asks at render (`discover="none"`, and page links carry no `data-discover`); the
 * first time a pointer rests on one, or it takes the focus, `useLinkNavigation` (page-link.tsx) marks it with
 * `data-discover`, and React Router, which watches that attribute, fetches its route then. A click on a link
 * nobody pointed at (a script's, a test's) still works: React Router discovers the route while it navigates.
 */

/**
 * The link or form an intent event points at whose route is still to discover: one of this origin, to another
 * page than the one shown (whose routes the page already knows), not marked yet; otherwise null.
 */
export function discoveryTarget(target: EventTarget | null, origin: string, pathname: string): Element | null {
  const element = (target as Partial<Element> | null)?.closest?.('a[href], form');
  if (!element || element.hasAttribute('data-discover')) return null;
  // An anchor's `href` and a form's `action` properties are absolute URLs, whatever the attributes say.
  // Read by tag: a form's named controls can shadow any property of the form, `href` included.
  const address =
    element.tagName === 'FORM' ? (element as HTMLFormElement).action : (element as HTMLAnchorElement).href;
  const url = new URL(address, origin);
  return url.origin === origin && url.pathname !== pathname ? element : null;
}
