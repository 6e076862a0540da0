import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoveryTarget } from './route-discovery';

const ORIGIN = 'http://shop.test';

/** An element as `closest` finds it: the attributes it has, and its absolute `href` or `action`. */
function element(tagName: 'A' | 'FORM', url: string, attributes: string[] = []) {
  const found = {
    tagName,
    ...(tagName === 'A' ? { href: url } : { action: url }),
    hasAttribute: (name: string) => attributes.includes(name),
  };
  return { closest: (selector: string) => (selector === 'a[href], form' ? found : null), found };
}

describe('discoveryTarget', () => {
  it('marks a link or a form to another page of this shop', () => {
    const link = element('A', `${ORIGIN}/produs/biblia`);
    expect(discoveryTarget(link as unknown as EventTarget, ORIGIN, '/shop')).toBe(link.found);
    const form = element('FORM', `${ORIGIN}/pages/cart`);
    expect(discoveryTarget(form as unknown as EventTarget, ORIGIN, '/shop')).toBe(form.found);
  });

  it('leaves alone what is marked already, another site, the page shown and what is neither link nor form', () => {
    const marked = element('A', `${ORIGIN}/produs/biblia`, ['data-discover']);
    expect(discoveryTarget(marked as unknown as EventTarget, ORIGIN, '/shop')).toBeNull();
    const elsewhere = element('A', 'https://www.netopia-payments.com/');
    expect(discoveryTarget(elsewhere as unknown as EventTarget, ORIGIN, '/shop')).toBeNull();
    const samePage = element('A', `${ORIGIN}/shop?page=2`);
    expect(discoveryTarget(samePage as unknown as EventTarget, ORIGIN, '/shop')).toBeNull();
    const text = { closest: () => null };
    expect(discoveryTarget(text as unknown as EventTarget, ORIGIN, '/shop')).toBeNull();
    expect(discoveryTarget(null, ORIGIN, '/shop')).toBeNull();
    // The document itself is a target without `closest`.
    expect(discoveryTarget({} as EventTarget, ORIGIN, '/shop')).toBeNull();
  });
});

describe("the shop's links and forms", () => {
  it('leave discovery to the intent: each React Router link and form is written with discover="none"', () => {
    const web = fileURLToPath(new URL('..', import.meta.url));
    const sources = readdirSync(web, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'),
    );
    // A tag of React Router's Link, NavLink or Form, a fetcher's Form, or the address form's chosen Form; not
    // a mention in a comment's backticks.
    const tag = /(?<!`)<(Link|NavLink|Form|[A-Za-z]+\.Form|FormComponent)(?=[\s>])(?!\s+discover="none")/g;
    const undiscovered = sources.flatMap((file) =>
      [...readFileSync(path.join(web, file), 'utf8').matchAll(tag)].map((m) => `${file}: <${m[1]}`),
    );
    expect(sources.length).toBeGreaterThan(100);
    // A fetcher's form is written `<Form discover="none" navigate={false} fetcherKey>`, which is what
    // `fetcher.Form` renders: its type has no `discover`.
    expect(undiscovered, 'write discover="none" on these (route-discovery.ts)').toEqual([]);
  });
});
