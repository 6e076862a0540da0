import { lazy, Suspense, useEffect } from 'react';
import { Form, useLocation } from 'react-router';
import { PageLink } from './page-link';
import { closeAddedLine, useCartState, useSessionCount } from '../features/cart/cart-store';
import { useCompareCount } from '../features/compare/use-compare-count';
import { SearchCombobox } from '../features/search/search-combobox';
import { useSession } from '../features/session/session-store';
import { useLanguage, useT } from '../i18n/i18n';
import { useRootData } from '../root-data';
import { CategoryMenu } from './category-menu';
import { CartIcon, CompareIcon, UserIcon } from './icons';
import { CurrencySelect, LanguageSwitch } from './preferences-forms';
import { formatNumber } from '../../contracts/money';

/** Shown only after an add, so loaded then (issue 14: no page's first load needs it). */
const CartAddedPanel = lazy(() =>
  import('../features/cart/cart-added-panel').then((m) => ({ default: m.CartAddedPanel })),
);

/** A header link with its count; the count shows once known (the cart's comes after hydration). */
function CounterLink({
  to,
  label,
  count,
  icon,
}: {
  to: string;
  label: string;
  count: number | null;
  icon: React.ReactNode;
}) {
  const t = useT();
  const lang = useLanguage();
  return (
    <PageLink to={to} className="relative flex items-center gap-1 rounded p-2 hover:bg-paper" title={label}>
      {icon}
      <span className="sr-only">
        {label}
        {count !== null && `, ${t('header.itemsCount', { count })}`}
      </span>
      {count !== null && (
        <span
          aria-hidden="true"
          data-testid={to === '/pages/cart' ? 'cart-count' : undefined}
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {formatNumber(count, lang)}
        </span>
      )}
    </PageLink>
  );
}

/*
 * The stores of the browser (cart, compare list, session) are read by the small components that show them, not
 * by the header: a store's change re-renders its reader synchronously, and the header holds the menu and the
 * search box (with the cookie banner, that re-render was about 100 ms of the first effects' task under a 4× slowdown).
 */

function CartLink() {
  const t = useT();
  const { count } = useCartState();
  useSessionCount();
  return <CounterLink to="/pages/cart" label={t('header.cart')} count={count} icon={<CartIcon />} />;
}

function CompareLink() {
  const t = useT();
  return (
    <CounterLink to="/pages/compare" label={t('header.compare')} count={useCompareCount()} icon={<CompareIcon />} />
  );
}

/** The "added to cart" panel, while a line just added is shown; closed when the page changes. */
function CartAdded() {
  const { added } = useCartState();
  const { pathname } = useLocation();
  // A new page is a new context: the "added" panel belongs to the page it was opened on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => closeAddedLine(), [pathname]);
  return added ? (
    <Suspense fallback={null}>
      <CartAddedPanel />
    </Suspense>
  ) : null;
}

/**
 * "Autentificare", or the client's first name and a logout button once `/api/session` says who is
 * logged in (after hydration: the HTML of a cached page is the same for everyone).
 */
function AccountLinks() {
  const t = useT();
  const session = useSession();
  const client = session?.client;
  if (!client) {
    return (
      <PageLink to="/pages/login" className="flex items-center gap-1 rounded p-2 font-semibold hover:bg-paper">
        <UserIcon />
        {/* Under 400 px the row has room for the icon only; the link keeps its name. */}
        <span className="max-[400px]:sr-only">{t('header.login')}</span>
      </PageLink>
    );
  }
  return (
    <>
      <PageLink
        to="/pages/profile"
        className="flex items-center gap-1 rounded p-2 font-semibold hover:bg-paper"
        data-testid="header-account"
      >
        <UserIcon />
        <span className="sr-only">{t('header.account')}: </span>
        <span className="max-w-24 truncate sm:max-w-32">{client.firstName}</span>
      </PageLink>
      {/* On a phone the header has no room for it: the profile page has its own logout. */}
      <Form discover="none" method="post" action="/pages/logout" className="hidden sm:block">
        <button type="submit" className="rounded p-2 text-sm text-muted underline hover:bg-paper">
          {t('header.logout')}
        </button>
      </Form>
    </>
  );
}

export function SiteHeader() {
  const t = useT();
  const { contact } = useRootData();
  return (
    <header className="border-b border-line bg-white">
      <a
        href="#continut"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('nav.skip')}
      </a>
      <div className="bg-brand-dark text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-1 text-sm">
          <a href={`tel:${contact.phone.replace(/\s/g, '')}`} className="hover:underline">
            {contact.phone}
          </a>
          <div className="flex items-center gap-4">
            <CurrencySelect />
            <LanguageSwitch />
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3">
        {/* Not narrower than the logo and the name's longest word: on a very narrow screen the links wrap below it
            rather than cover it. */}
        <PageLink to="/" className="flex flex-1 items-center gap-2 lg:flex-none">
          {/* Until the logo has loaded, a flex item may shrink it to nothing: the name moved when it came (a layout shift). */}
          <img src="/logo.svg" alt="" width="44" height="44" className="shrink-0" />
          <span className="font-serif text-base font-bold leading-tight text-brand sm:text-xl">{t('shop.name')}</span>
        </PageLink>
        {/* Beside the name and the links only from 1024 px: at a tablet's 768 px it had 30 px left to type in. */}
        <search className="order-last w-full lg:order-none lg:flex-1">
          <SearchCombobox />
        </search>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <AccountLinks />
          <CompareLink />
          <CartLink />
        </div>
        <CartAdded />
      </div>
      <CategoryMenu />
    </header>
  );
}
