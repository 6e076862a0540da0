import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLink } from './page-link';
import { useT } from '../i18n/i18n';
import { useRootData } from '../root-data';
import { useChromeHtml } from './chrome-html';

type MenuCategory = ReturnType<typeof useRootData>['menu'][number];

/**
 * A top category with its subcategories behind a disclosure button (`aria-expanded`): the subcategory
 * links enter the Tab order only when opened (click, Enter or Space, or hovering with a mouse), so a
 * keyboard walks the bar, not forty links, on its way to the content. Escape closes and returns focus.
 */
function CategoryItem({
  category,
  open,
  onOpenChange,
}: {
  category: MenuCategory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const submenuId = `submeniu-${category.slug}`;
  const hasChildren = category.children.length > 0;
  return (
    <li
      className="relative flex items-center"
      // Hover opens for a mouse only: a tap on a tablet would open on enter and close again on click.
      onPointerEnter={(e) => hasChildren && e.pointerType === 'mouse' && onOpenChange(true)}
      onPointerLeave={(e) => hasChildren && e.pointerType === 'mouse' && onOpenChange(false)}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget)) onOpenChange(false);
      }}
      onKeyDown={(e) => {
        if (open && e.key === 'Escape') {
          onOpenChange(false);
          button.current?.focus();
        }
      }}
    >
      <PageLink to={`/shop/${category.slug}`} className="block whitespace-nowrap py-2 pl-3 pr-1 hover:text-brand">
        {category.name}
      </PageLink>
      {hasChildren && (
        <>
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={submenuId}
            aria-label={t('nav.subcategories', { name: category.name })}
            onClick={() => onOpenChange(!open)}
            className="hidden min-w-6 rounded py-2 hover:text-brand md:block"
          >
            <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-180' : ''}`}>
              ▾
            </span>
          </button>
          <ul
            id={submenuId}
            className={`absolute left-0 top-full z-40 min-w-56 rounded-b border border-line bg-white py-2 shadow-lg ${open ? 'hidden md:block' : 'hidden'}`}
          >
            {category.children.map((child) => (
              <li key={child.slug}>
                <PageLink to={`/shop/${child.slug}`} className="block px-4 py-1.5 hover:bg-paper hover:text-brand">
                  {child.name}
                </PageLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/**
 * On a phone the bar scrolls sideways; a fading edge with an arrow shows there is more until the end is reached
 * (WCAG 1.3.1: content off-screen must not look absent). Its own component: measuring the bar after hydration
 * re-renders the cue, not every menu item.
 */
function ScrollCue({ bar }: { bar: RefObject<HTMLUListElement | null> }) {
  const [moreToTheRight, setMoreToTheRight] = useState(true);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const update = () => setMoreToTheRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 4);
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [bar]);
  return moreToTheRight ? (
    <span
      aria-hidden="true"
      data-testid="menu-scroll-cue"
      className="pointer-events-none absolute inset-y-0 right-0 flex w-12 items-center justify-end bg-gradient-to-l from-white via-white/90 to-transparent pr-1 text-lg text-brand md:hidden"
    >
      ›
    </span>
  ) : null;
}

/** The bar's markup: the shop, the top categories with their subcategories, the humanitarian cases. */
function CategoryBar({
  menu,
  openSlug,
  onOpenSlugChange,
  bar,
}: {
  menu: MenuCategory[];
  openSlug: string | null;
  onOpenSlugChange: (slug: string | null) => void;
  bar: RefObject<HTMLUListElement | null>;
}) {
  const t = useT();
  return (
    <>
      <ul
        ref={bar}
        className="mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4 text-sm font-medium md:overflow-visible"
      >
        <li>
          <PageLink to="/shop" className="block whitespace-nowrap px-3 py-2 hover:text-brand">
            {t('nav.shop')}
          </PageLink>
        </li>
        {menu.map((category) => (
          <CategoryItem
            key={category.slug}
            category={category}
            open={openSlug === category.slug}
            onOpenChange={(open) => onOpenSlugChange(open ? category.slug : null)}
          />
        ))}
        <li>
          <PageLink
            to="/pages/cazuri-umanitare"
            className="block whitespace-nowrap px-3 py-2 text-leaf hover:underline"
          >
            {t('page.cases')}
          </PageLink>
        </li>
      </ul>
      <ScrollCue bar={bar} />
    </>
  );
}

/** The inside of the bar as the server first shows it (every submenu closed): `chrome-html.server.tsx` keeps it. */
export function ClosedCategoryBar({ menu }: { menu: MenuCategory[] }) {
  return <CategoryBar menu={menu} openSlug={null} onOpenSlugChange={() => {}} bar={{ current: null }} />;
}

const NAV_CLASS = 'relative border-t border-line';

/** The category bar, with its submenus' state (in the browser). */
function LiveCategoryMenu() {
  const t = useT();
  const { menu } = useRootData();
  const location = useLocation();
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const bar = useRef<HTMLUListElement>(null);

  // A navigation closes an open submenu (its link was followed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL changes
  useEffect(() => setOpenSlug(null), [location.key]);

  return (
    <nav aria-label={t('nav.mainMenu')} className={NAV_CLASS}>
      <CategoryBar menu={menu} openSlug={openSlug} onOpenSlugChange={setOpenSlug} bar={bar} />
    </nav>
  );
}

/**
 * The category bar. The server writes the inside of it as kept HTML when it has it (decision 039): the same
 * markup the browser's render hydrates, made once per language and menu instead of on every page.
 */
export function CategoryMenu() {
  const t = useT();
  const html = useChromeHtml()?.menu;
  if (!html) return <LiveCategoryMenu />;
  return <nav aria-label={t('nav.mainMenu')} className={NAV_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
}
