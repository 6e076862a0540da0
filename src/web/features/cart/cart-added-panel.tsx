import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../contracts/money';
import { useLanguage, useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';
import { closeAddedLine, useCartState } from './cart-store';

/**
 * The small panel shown after an add (issue 10 item 5): the line and a link to the cart. It is not modal
 * (the page stays usable), so it needs no focus trap: focus moves to its heading, which screen readers
 * announce, and Escape or "Continuă cumpărăturile" closes it and gives focus back to where it was. The header
 * loads it when a line is added, and closes it when the page changes.
 */
export function CartAddedPanel() {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const { added } = useCartState();
  const heading = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const close = () => {
    closeAddedLine();
    returnTo.current?.focus();
  };
  useEffect(() => {
    if (!added) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeAddedLine();
        returnTo.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [added]);
  if (!added) return null;
  return (
    <section
      aria-labelledby="cart-added-title"
      className="fixed right-2 top-2 z-50 w-[calc(100%-1rem)] max-w-sm rounded-lg border border-line bg-white p-4 shadow-xl"
    >
      <h2 id="cart-added-title" ref={heading} tabIndex={-1} className="font-serif text-lg font-bold text-leaf">
        {t('cart.added.title')}
      </h2>
      <div className="mt-3 flex gap-3">
        <img src={added.image} alt="" width={48} height={72} className="h-18 w-12 shrink-0 rounded object-cover" />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{added.title}</p>
          <p className="text-muted">{t('cart.added.quantity', { quantity: added.quantity })}</p>
          <p className="font-bold">{formatMoney(added.lineTotal, currency, lang)}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          discover="none"
          to="/pages/cart"
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t('cart.added.view')}
        </Link>
        <button type="button" onClick={close} className="rounded border border-line px-4 py-2 hover:border-brand">
          {t('cart.added.close')}
        </button>
      </div>
    </section>
  );
}
