import { useT } from '../../i18n/i18n';
import { showToast } from '../../ui/toasts';
import { CompareIcon } from '../../ui/icons';
import { toggleCompareItem, useCompareList } from './compare-store';

/**
 * Adds the product to the compare list or takes it out (SPEC §4), with the toasts of SPEC §8: a toggle
 * button named "Compară <title>", pressed while the product is listed. The list lives in the browser, so the
 * button is shown once the page has hydrated; the server renders it too, invisible until then, so that hydrating a
 * page of cards inserts no buttons and moves nothing (issue 14: the browser's blocking time, the layout shift).
 */
export function CompareButton({
  product,
  variant = 'small',
}: {
  product: { id: number; slug: string; title: string };
  variant?: 'small' | 'large';
}) {
  const t = useT();
  const listed = useCompareList().some((p) => p.id === product.id);
  const onClick = () => {
    const action = toggleCompareItem({ id: product.id, slug: product.slug, title: product.title });
    showToast(
      t(action === 'added' ? 'compare.added' : 'compare.removed', { title: product.title }),
      action === 'added' ? 'success' : 'error',
    );
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={listed}
      className={`before-hydration:invisible relative z-10 inline-flex items-center gap-1 rounded border font-medium ${
        variant === 'large' ? 'px-4 py-2' : 'px-2 py-1 text-xs'
      } ${listed ? 'border-brand bg-brand text-white' : 'border-line bg-white text-ink hover:border-brand'}`}
    >
      <span aria-hidden="true" className={variant === 'large' ? '' : '[&>svg]:size-4'}>
        <CompareIcon />
      </span>
      {t('compare.add')}
      <span className="sr-only"> {product.title}</span>
    </button>
  );
}
