import { useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { CASE_PRICE_RANGE, type CaseCategory, type CaseListQuery } from '../../../contracts/cases';
import { useLanguage, useT } from '../../i18n/i18n';
import { formatNumber } from '../../../contracts/money';

export const CASES_PATH = '/pages/cazuri-umanitare';

/**
 * The case list's sidebar: status radios, a price range in lei and categories. A GET form, so it works
 * without JavaScript; with it, choosing a status applies at once (page back to 1) and `onStatusChange`
 * lets the page scroll to the results.
 */
export function CaseFilters({
  query,
  categories,
  view,
  onStatusChange,
}: {
  query: CaseListQuery;
  categories: (CaseCategory & { count: number })[];
  view: 'grid' | 'list';
  onStatusChange: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const box = 'rounded-lg border border-line bg-white p-5';
  const legend = 'font-serif text-lg font-bold';
  const selected = new Set(query.category_id ?? []);
  return (
    <Form
      discover="none"
      ref={form}
      method="get"
      action={CASES_PATH}
      className="space-y-6"
      aria-label={t('cases.filters')}
    >
      <input type="hidden" name="sortBy" value={query.sortBy} />
      {view === 'list' && <input type="hidden" name="view" value="list" />}
      <fieldset className={box}>
        <legend className={`${legend} float-left w-full`}>{t('cases.status')}</legend>
        <div className="clear-both space-y-2 pt-3">
          {(['active', 'closed'] as const).map((status) => (
            <div key={status} className="flex items-center gap-2">
              <input
                id={`status-${status}`}
                type="radio"
                name="status"
                value={status}
                defaultChecked={query.status === status}
                onChange={(e) => {
                  onStatusChange();
                  submit(e.currentTarget.form, { preventScrollReset: true });
                }}
                className="size-4 accent-brand"
              />
              <label htmlFor={`status-${status}`}>{t(`cases.status.${status}`)}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className={box}>
        <legend className={`${legend} float-left w-full`}>{t('cases.priceFilter')}</legend>
        <div className="clear-both grid grid-cols-2 gap-3 pt-3">
          <div>
            <label htmlFor="min_price" className="text-sm">
              {t('cases.minPrice')}
            </label>
            <input
              id="min_price"
              name="min_price"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={String(CASE_PRICE_RANGE.min)}
              defaultValue={query.min_price}
              className="mt-1 w-full rounded border border-line px-2 py-1.5"
            />
          </div>
          <div>
            <label htmlFor="max_price" className="text-sm">
              {t('cases.maxPrice')}
            </label>
            <input
              id="max_price"
              name="max_price"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={String(CASE_PRICE_RANGE.max)}
              defaultValue={query.max_price}
              className="mt-1 w-full rounded border border-line px-2 py-1.5"
            />
          </div>
        </div>
      </fieldset>
      <fieldset className={box}>
        <legend className={`${legend} float-left w-full`}>{t('cases.categories')}</legend>
        <div className="clear-both space-y-2 pt-3">
          {categories.map((c) => (
            <div key={c.id} className="flex items-center gap-2">
              <input
                id={`category-${c.id}`}
                type="checkbox"
                name="category_id"
                value={c.id}
                defaultChecked={selected.has(c.id)}
                className="size-4 accent-brand"
              />
              <label htmlFor={`category-${c.id}`} className="flex-1">
                {c.name} <span className="text-muted">({formatNumber(c.count, lang)})</span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark">
          {t('cases.apply')}
        </button>
        <Link discover="none" to={CASES_PATH} className="text-brand underline">
          {t('cases.reset')}
        </Link>
      </div>
    </Form>
  );
}
