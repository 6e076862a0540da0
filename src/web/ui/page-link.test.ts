import { describe, expect, it } from 'vitest';
import { clientNavigationPath } from './page-link';

const ORIGIN = 'https://shop.example';
const leftClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
const pageLink = { href: `${ORIGIN}/shop/biblii?page=2#top`, target: '', hasDownload: false, isPageLink: true };

describe('clientNavigationPath', () => {
  it('navigates inside the page on a plain left click on a page link, keeping query and fragment', () => {
    expect(clientNavigationPath(leftClick, pageLink, ORIGIN)).toBe('/shop/biblii?page=2#top');
  });

  it('leaves to the browser a click with a modifier, another button, or one already handled', () => {
    for (const change of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(clientNavigationPath({ ...leftClick, ...change }, pageLink, ORIGIN)).toBeNull();
    }
  });

  it('leaves to the browser other anchors, other windows, downloads and other sites', () => {
    expect(clientNavigationPath(leftClick, { ...pageLink, isPageLink: false }, ORIGIN)).toBeNull();
    expect(clientNavigationPath(leftClick, { ...pageLink, target: '_blank' }, ORIGIN)).toBeNull();
    expect(clientNavigationPath(leftClick, { ...pageLink, hasDownload: true }, ORIGIN)).toBeNull();
    expect(clientNavigationPath(leftClick, { ...pageLink, href: 'https://anpc.ro/' }, ORIGIN)).toBeNull();
    expect(clientNavigationPath(leftClick, { ...pageLink, target: '_self' }, ORIGIN)).toBe('/shop/biblii?page=2#top');
  });
});
