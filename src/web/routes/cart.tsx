import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect } from 'react';
import { data, Link, redirect } from 'react-router';
import { cartActionSchema } from '../../contracts/cart';
import { isAppError } from '../../contracts/errors';
import { personalizationProblems } from '../../contracts/personalization';
import type { CartActionAnswer, PersonalizationRefusal } from '../features/cart/cart-answer';
import { trackCart } from '../features/cart/cart-analytics';
import { CartLines } from '../features/cart/cart-lines';
import { PersonalizationProblems } from '../features/product/personalization-problems';
import { CartSummary } from '../features/cart/cart-summary';
import { cartCookieHeaders, cartOwnerOf } from '../features/cart/cart-owner.server';
import { setCartCount } from '../features/cart/cart-store';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { translateMessage } from '../i18n/validation';
import { PageHeader } from '../ui/page-header';
import { useConsent } from '../features/consent/consent';
import type { Route } from './+types/cart';

export const handle: I18nHandle = { i18n: ['cart', 'validation', 'personalization'] };

/** The visitor's own cart: never cached, by the server or anyone else. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await context.services.cart.view(await cartOwnerOf(request, context), context.prefs.lang);
  return { cart, lang: context.prefs.lang, url: `${context.publicUrl}/pages/cart` };
}

/**
 * The one cart action (Hydrogen's pattern): `intent` = add | set-quantity | remove | clear, from the product
 * page, the product cards, this page and the header's panel. A plain POST (no JavaScript) carries
 * `redirectTo` and goes back there; a JavaScript submission gets a `CartActionAnswer`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: cartActionSchema });
  const t = translator(context.prefs.lang);
  if (submission.status !== 'success') {
    const intent = cartActionSchema.options.find((o) => o.shape.intent.value === submission.payload.intent);
    const answer: CartActionAnswer = {
      ok: false,
      intent: intent?.shape.intent.value ?? null,
      message: t('apiError.VALIDATION'),
      result: submission.reply(),
    };
    return data(answer, { status: 400 });
  }
  const input = submission.value;
  const owner = await cartOwnerOf(request, context);
  const cart = context.services.cart;
  let issuedToken: string | null = null;
  let lineId: number | null = null;
  try {
    if (input.intent === 'add') {
      // The one add path: the personalisation (and its pictures) is checked and stored there (issue 10 item 3).
      const added = await context.services.personalization.addToCart(owner, {
        productId: input.productId,
        quantity: input.quantity,
        personalization: input.personalization,
      });
      issuedToken = added.issuedToken;
      lineId = added.lineId;
    } else if (input.intent === 'set-quantity') {
      await cart.setQuantity(owner, input.lineId, input.quantity);
      lineId = input.lineId;
    } else if (input.intent === 'remove') {
      await cart.removeLine(owner, input.lineId);
    } else {
      await cart.clear(owner);
    }
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    // A line removed twice (two tabs, a double click) is simply gone.
    if (!(input.intent === 'remove' && err.code === 'NOT_FOUND')) {
      const fields = Object.fromEntries(
        Object.entries(err.fields ?? {}).map(([name, key]) => [name, [translateMessage(t, key)]]),
      );
      const message = translateMessage(t, err.messageKey ?? `apiError.${err.code}`);
      const answer: CartActionAnswer = {
        ok: false,
        intent: input.intent,
        message,
        result: submission.reply({ fieldErrors: fields, formErrors: [message] }),
        problems: input.intent === 'add' ? await personalizationRefusal(context, input, err.fields ?? {}) : undefined,
      };
      return data(answer, { status: err.status });
    }
  }
  const headers = cartCookieHeaders(issuedToken, context.publicUrl);
  if (input.redirectTo) throw redirect(input.redirectTo, { headers });
  const view = await cart.view({ ...owner, token: issuedToken ?? owner.token }, context.prefs.lang);
  const answer: CartActionAnswer = {
    ok: true,
    intent: input.intent,
    count: view.count,
    line: view.lines.find((l) => l.id === lineId) ?? null,
  };
  return data(answer, { headers });
}

/**
 * A refused personalisation posted without JavaScript lands on this page, away from its form: each missing
 * or wrong input is named by its label here, with the way back to the product.
 */
async function personalizationRefusal(
  context: Route.ActionArgs['context'],
  input: { productId: number; redirectTo?: string },
  fields: Record<string, string>,
): Promise<PersonalizationRefusal | undefined> {
  if (!Object.keys(fields).some((name) => name.startsWith('personalization.'))) return undefined;
  const t = translator(context.prefs.lang);
  const product = await context.services.catalogue.productById(input.productId, context.prefs.lang);
  return {
    backTo: input.redirectTo ?? `/produs/${product.slug}`,
    fields: personalizationProblems(product.personalizationForm, fields).map((p) => ({
      label: p.label,
      message: translateMessage(t, p.message),
    })),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('cart.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('cart.description') },
    { name: 'robots', content: 'noindex' },
    { tagName: 'link', rel: 'canonical', href: loaded?.url ?? '' },
  ];
};

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const t = useT();
  const consent = useConsent();
  // The page is the truth for the header counter once it is shown.
  useEffect(() => setCartCount(cart.count), [cart.count]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one view_cart per visit of the page, once consent is known
  useEffect(() => {
    if (consent === 'analytics' && cart.lines.length > 0) {
      trackCart(
        'view_cart',
        cart.lines.map((line) => ({ line, quantity: line.quantity })),
      );
    }
  }, [consent]);
  const refused = actionData && !actionData.ok ? actionData.message : null;
  const problems = actionData && !actionData.ok ? actionData.problems : undefined;
  return (
    <>
      <PageHeader title={t('cart.title')} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        {refused && (
          <div role="alert" className="mb-6 rounded border border-brand bg-white p-3 text-brand">
            <p className="font-semibold">{refused}</p>
            {problems && <PersonalizationProblems problems={problems} />}
          </div>
        )}
        {cart.lines.length === 0 ? (
          <div className="rounded-lg border border-line bg-white p-8 text-center">
            <p className="text-lg">{t('cart.empty')}</p>
            <Link
              discover="none"
              to="/shop"
              className="mt-4 inline-block rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              {t('cart.emptyLink')}
            </Link>
          </div>
        ) : (
          <div className="grid gap-8 lg:grid-cols-3 [&>*]:min-w-0">
            <CartLines lines={cart.lines} />
            <CartSummary cart={cart} />
          </div>
        )}
      </div>
    </>
  );
}
