import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { discoveryTarget } from './route-discovery';

/**
 * A link to one of the shop's pages as a plain anchor (decision 031). React Router's `<Link>` runs several hooks
 * for each link on every render; the menu, footer, header, breadcrumbs and product cards write over eighty on
 * one page, a tenth of an uncached page's server time, and the browser's hydration repeats them. These anchors
 * navigate inside the page through one listener on the document (`useLinkNavigation`, which acts on
 * `data-page-link` anchors only); their routes are found when a pointer or the focus reaches them, as for React
 * Router's own links (route-discovery.ts). Without JavaScript they are links. They take no `target` or `download`: a page link
 * always opens the page here, which the listener relies on.
 */
export function PageLink({
  to,
  ...rest
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'download'>) {
  return <a href={to} data-page-link="" {...rest} />;
}

type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>;
type Anchor = Pick<HTMLAnchorElement, 'origin' | 'pathname' | 'search' | 'hash' | 'hasAttribute'>;

/** What a click on a page link means: the path to navigate to inside the page, or null to let the browser act. */
export function clientNavigationPath(click: Click, anchor: Anchor, origin: string): string | null {
  if (click.defaultPrevented || click.button || click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) {
    return null;
  }
  if (!anchor.hasAttribute('data-page-link')) return null;
  return anchor.origin === origin ? anchor.pathname + anchor.search + anchor.hash : null;
}

/**
 * Makes `PageLink`s navigate inside the page, as `<Link>` does, with one click listener on the document: a
 * plain left click (a key press on a link is one too), no modifier (a new tab stays a new tab), not already
 * handled (React Router's own links prevent theirs, and React's listener on the document runs before this
 * later one), the same origin; a click on the page already shown replaces the history entry. A pointer or the
 * focus reaching a link or form marks it for React Router's route discovery (route-discovery.ts).
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element).closest('a');
      const path = anchor && clientNavigationPath(event, anchor, location.origin);
      if (!path) return;
      event.preventDefault();
      navigate(path, { replace: anchor.href === location.href });
    };
    // Route discovery on intent (route-discovery.ts, decision 049).
    const onIntent = (event: Event) =>
      discoveryTarget(event.target, location.origin, location.pathname)?.setAttribute('data-discover', 'true');
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onIntent);
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [navigate]);
}
