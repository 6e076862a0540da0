import { Form, useLocation, useNavigate } from 'react-router';
import { SORT_KEYS, type SortKey } from '../../../contracts/listing-values';
import { useT } from '../../i18n/i18n';
import { Select } from '../../ui/select';
import { hrefWith } from './listing-url';
import { useListingParams } from './use-listing-params';

const isSortKey = (value: string | null): value is SortKey => SORT_KEYS.some((k) => k === value);

/**
 * The sort dropdown: a GET form with an "apply" button without JavaScript; with it, choosing applies at
 * once and, like SPEC §4 asks of the search page, scrolls to the products (`anchor`).
 */
export function SortSelect({ anchor }: { anchor: string }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useListingParams();
  const chosen = params.get('sortBy');
  const sort: SortKey = isSortKey(chosen) ? chosen : 'default';
  const kept = [...new URLSearchParams(location.search).entries()].filter(
    ([key]) => key !== 'sortBy' && key !== 'page' && key !== 'limit',
  );
  return (
    <Form discover="none" method="get" action={`${location.pathname}#${anchor}`} className="flex items-center gap-2">
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <Select
        id="sort-select"
        label={t('sort.label')}
        labelClassName="text-sm font-medium"
        name="sortBy"
        value={sort}
        onChange={(e) => {
          const value = e.currentTarget.value;
          navigate(
            `${location.pathname}${hrefWith(new URLSearchParams(location.search), { sortBy: value === 'default' ? null : value })}#${anchor}`,
          );
        }}
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </Select>
      <noscript>
        <button type="submit" className="rounded border border-brand px-2 py-1 text-sm text-brand">
          {t('sort.apply')}
        </button>
      </noscript>
    </Form>
  );
}
