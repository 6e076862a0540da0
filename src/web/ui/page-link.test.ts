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
/** An anchor as the listener sees it: its address, target and attributes. */
const anchor = (href: string, attributes: string[] = ['data-page-link']) => {
  const { origin, pathname, search, hash } = new URL(href);
  return { origin, pathname, search, hash, hasAttribute: (name: string) => attributes.includes(name) };
};
const pageLink = anchor(`${ORIGIN}/shop/biblii?page=2#top`);

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

  it('leaves to the browser anchors that are not page links, and other sites', () => {
    expect(clientNavigationPath(leftClick, anchor(`${ORIGIN}/shop/biblii`, []), ORIGIN)).toBeNull();
    expect(clientNavigationPath(leftClick, anchor('https://anpc.ro/'), ORIGIN)).toBeNull();
  });
});
