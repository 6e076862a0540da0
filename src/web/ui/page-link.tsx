import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A link to one of the shop's pages as a plain anchor (decision 031). React Router's `<Link>` runs several hooks
 * for each link on every render; the menu, footer, header, breadcrumbs and product cards write over eighty on
 * one page, a tenth of an uncached page's server time, and the browser's hydration repeats them. These anchors
 * navigate inside the page through one listener on the document (`useLinkNavigation`, which acts on
 * `data-page-link` anchors only), and `data-discover` lets React Router find their routes ahead of a click as
 * it does for its own links. Without JavaScript they are links.
 */
export function PageLink({ to, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a href={to} data-discover="true" data-page-link="" {...rest} />;
}

/** What a click on a page link means: the path to navigate to inside the page, or null to let the browser act. */
export function clientNavigationPath(
  click: {
    button: number;
    metaKey: boolean;
    altKey: boolean;
    ctrlKey: boolean;
    shiftKey: boolean;
    defaultPrevented: boolean;
  },
  anchor: { href: string; target: string; hasDownload: boolean; isPageLink: boolean },
  origin: string,
): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if (!anchor.isPageLink || anchor.hasDownload || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Makes `PageLink`s navigate inside the page, as `<Link>` does, with one click listener on the document: a
 * plain left click (a key press on a link is one too), no modifier (a new tab stays a new tab), not already
 * handled (React Router's own links prevent theirs, and React's listener on the document runs before this
 * later one), the same origin; a click on the page already shown replaces the history entry.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname + location.search + location.hash;
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor) return;
      const path = clientNavigationPath(
        event,
        {
          href: anchor.href,
          target: anchor.target,
          hasDownload: anchor.hasAttribute('download'),
          isPageLink: anchor.dataset.pageLink !== undefined,
        },
        window.location.origin,
      );
      if (path === null) return;
      event.preventDefault();
      navigate(path, { replace: path === current });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, current]);
}
