import { useEffect } from 'react';
import { Form, useFetcher } from 'react-router';
import { type CartLineView, MAX_LINE_QUANTITY } from '../../../contracts/cart';
import { formatMoney } from '../../../contracts/money';
import { useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useRootData } from '../../root-data';
import { showToast } from '../../ui/toasts';
import type { CartActionAnswer } from './cart-answer';
import { trackCart } from './cart-analytics';
import { PersonalizationSummary } from '../product/personalization-summary';
import { RedirectWithoutScript } from './redirect-without-script';
import { PageLink } from '../../ui/page-link';

const CART_ACTION = '/pages/cart';

function StockMessage({ line }: { line: CartLineView }) {
  const t = useT();
  if (!line.stockProblem) return null;
  return (
    <p className="mt-1 text-sm font-semibold text-brand">
      {line.stockProblem === 'noQtyAvailable' ? t('cart.noQtyAvailable') : t('cart.available', { count: line.stock })}
    </p>
  );
}

function CartLineRow({ line }: { line: CartLineView }) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const quantityKey = `cart-quantity-${line.id}`;
  const removeKey = `cart-remove-${line.id}`;
  const quantityFetcher = useFetcher<CartActionAnswer>({ key: quantityKey });
  const removeFetcher = useFetcher<CartActionAnswer>({ key: removeKey });
  const refused = quantityFetcher.data && !quantityFetcher.data.ok ? quantityFetcher.data : null;
  // The action's own message for this line (stock, bounds). No form library here: a cart of 20 lines made 20
  // forms' worth of Conform state on every render (issue 10's cart page budget); the input's min, max and
  // step hold the browser to the action's rule (contracts/cart.ts) before it is sent.
  const quantityError = refused?.result.error?.quantity?.[0];
  const quantityId = `cart-quantity-${line.id}`;
  const removed = removeFetcher.data?.ok === true;
  useEffect(() => {
    if (removeFetcher.data?.ok) {
      trackCart('remove_from_cart', [{ line, quantity: line.quantity }]);
      showToast(t('cart.removed'), 'success');
    }
  }, [removeFetcher.data, line, t]);
  // Optimistic: the line goes as soon as its removal is sent, the new quantity shows while it is saved.
  if (removeFetcher.state !== 'idle' || removed) return null;
  const pending = quantityFetcher.formData?.get('quantity');
  const quantity = pending && /^\d+$/.test(String(pending)) ? Number(pending) : line.quantity;
  const unit = line.unitPrice + line.personalizationPrice;
  return (
    <li className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-2 border-b border-line py-4 last:border-b-0 sm:grid-cols-[5rem_minmax(0,1fr)_auto]">
      <img src={line.image} alt="" width={80} height={120} className="row-span-2 h-30 w-20 rounded object-cover" />
      <div className="min-w-0">
        <h3 className="font-serif text-lg font-semibold leading-snug">
          <PageLink to={`/produs/${line.slug}`} className="hover:text-brand hover:underline">
            {line.title}
          </PageLink>
        </h3>
        <p className="mt-1 text-sm text-muted">
          {t('cart.unitPrice')}: {formatMoney(line.unitPrice, currency, lang)}
        </p>
        {line.personalizationSummary.length > 0 && (
          <div className="mt-1 text-sm">
            <p className="font-semibold">{t('cart.personalization')}</p>
            <PersonalizationSummary items={line.personalizationSummary} />
            {line.personalizationPrice > 0 && (
              <p>
                {t('cart.personalizationPrice', { amount: formatMoney(line.personalizationPrice, currency, lang) })}
              </p>
            )}
          </div>
        )}
        <StockMessage line={line} />
        <div className="mt-3 flex flex-wrap items-start gap-x-3 gap-y-2">
          <Form
            discover="none"
            navigate={false}
            fetcherKey={quantityKey}
            method="post"
            action={CART_ACTION}
            className="flex items-start gap-2"
          >
            <input type="hidden" name="intent" value="set-quantity" />
            <input type="hidden" name="lineId" value={line.id} />
            <RedirectWithoutScript to={CART_ACTION} />
            <div>
              <label htmlFor={quantityId} className="sr-only">
                {t('cart.quantityOf', { title: line.title })}
              </label>
              <input
                id={quantityId}
                name="quantity"
                type="number"
                required
                min={1}
                max={MAX_LINE_QUANTITY}
                step={1}
                defaultValue={line.quantity}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? `${quantityId}-error` : undefined}
                className="w-20 rounded border border-line bg-white px-2 py-1 aria-[invalid=true]:border-brand"
              />
              {quantityError ? (
                <p id={`${quantityId}-error`} className="mt-1 max-w-60 text-sm font-semibold text-brand">
                  {translateMessage(t, quantityError)}
                </p>
              ) : null}
            </div>
            <button type="submit" className="rounded border border-line bg-white px-3 py-1 hover:border-brand">
              {t('cart.update')}
            </button>
          </Form>
          <Form discover="none" navigate={false} fetcherKey={removeKey} method="post" action={CART_ACTION}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <RedirectWithoutScript to={CART_ACTION} />
            <button type="submit" className="rounded px-3 py-1 text-brand underline hover:bg-paper">
              {t('cart.remove')}
              <span className="sr-only"> {line.title}</span>
            </button>
          </Form>
        </div>
      </div>
      <p className="col-start-2 font-bold sm:col-start-3 sm:row-start-1 sm:text-right">
        <span className="sr-only">{t('cart.lineTotal')}: </span>
        {formatMoney(unit * quantity, currency, lang)}
      </p>
    </li>
  );
}

export function CartLines({ lines }: { lines: CartLineView[] }) {
  const t = useT();
  return (
    <section aria-labelledby="cart-lines-title" className="rounded-lg border border-line bg-white px-4 lg:col-span-2">
      <h2 id="cart-lines-title" className="sr-only">
        {t('cart.linesLabel')}
      </h2>
      <ul>
        {lines.map((line) => (
          <CartLineRow key={line.id} line={line} />
        ))}
      </ul>
    </section>
  );
}
