import { type ComponentType, lazy, Suspense } from 'react';
import type { ProductDetail } from '../../../contracts/catalogue';
import type { Language } from '../../../contracts/languages';
import type { I18nHandle } from '../../i18n/areas';
import { useLanguage, useT } from '../../i18n/i18n';
import { messagesReady } from '../../i18n/load';
import { AddToCartForm } from '../cart/add-to-cart-form';
import type { PersonalizedAddToCartForm } from './personalized-add-to-cart-form';

/** The areas the personalised form uses beyond the product page's (areas.test.ts checks them like a handle's). */
const personalizedForm: I18nHandle = { i18n: ['validation', 'personalization'] };

type PersonalizedFormProps = Parameters<typeof PersonalizedAddToCartForm>[0];
const personalizedForms = new Map<Language, ComponentType<PersonalizedFormProps>>();

/**
 * The personalised form (Conform, zod and the personalisation code, ~40 KB gzip) is loaded only for a product
 * that has one, together with its message areas in the page's language: its boundary hydrates once both are
 * here, so it renders the server's texts, and meanwhile the server's HTML stays (and works as a plain form).
 * One lazy component per language, so a language change loads that language's messages too. The server holds
 * every message already.
 */
function personalizedFormIn(lang: Language): ComponentType<PersonalizedFormProps> {
  let form = personalizedForms.get(lang);
  if (!form) {
    form = lazy(async () => {
      const areas = personalizedForm.i18n ?? [];
      const [module] = await Promise.all([
        import('./personalized-add-to-cart-form'),
        typeof document === 'undefined' ? undefined : messagesReady(lang, areas),
      ]);
      return { default: module.PersonalizedAddToCartForm };
    });
    personalizedForms.set(lang, form);
  }
  return form;
}

/** The product page's add-to-cart: none when out of stock, the personalised form for a personalisable product. */
export function ProductAddToCart({ product }: { product: ProductDetail }) {
  const t = useT();
  const lang = useLanguage();
  if (!product.inStock) return null;
  const form = product.personalizationForm;
  if (!form) return <AddToCartForm productId={product.id} stock={product.quantity} />;
  const PersonalizedForm = personalizedFormIn(lang);
  return (
    // Never shown by the server, which renders the whole page (entry.server.tsx); in the browser, while a
    // navigation to the page fetches the form's code.
    <Suspense fallback={<p role="status">{t('product.personalizationLoading')}</p>}>
      <PersonalizedForm
        productId={product.id}
        stock={product.quantity}
        form={form}
        required={product.personalizationRequired}
        unitPrice={product.price}
      />
    </Suspense>
  );
}
