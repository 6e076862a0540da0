import type { I18nHandle } from '../i18n/areas';
import { useEffect, useRef } from 'react';
import { data, Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import {
  CASE_PAGE_SIZE,
  CASE_SCROLL_OFFSET,
  CASE_SORTS,
  caseListQuerySchema,
  caseQueryInput,
  type HumanitarianCase,
} from '../../contracts/cases';
import { parseQuery } from '../../contracts/errors';
import { paginate, shownRange } from '../../contracts/pagination';
import { loadOrEmpty } from '../features/logged-only';
import { CaseCard, CaseCardSkeleton } from '../features/cases/case-card';
import { CASES_PATH, CaseFilters } from '../features/cases/case-filters';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import { assertPageExists, Pagination, withParams } from '../ui/pagination';
import { Select } from '../ui/select';
import type { Route } from './+types/cases';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';

export const handle: I18nHandle = { i18n: ['content'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  const query = parseQuery(caseListQuerySchema, caseQueryInput(url.searchParams));
  const lang = context.prefs.lang;
  const { value, failed } = await loadOrEmpty(
    () => Promise.all([context.services.cases.list(query, lang), context.services.cases.categories(lang)]),
    [paginate<HumanitarianCase>([], 0, query.page, query.per_page), []] as const,
    context.log,
    'case list',
  );
  const [cases, categories] = value;
  if (!failed) assertPageExists(cases.current_page, cases.last_page);
  const view: 'grid' | 'list' = url.searchParams.get('view') === 'list' ? 'list' : 'grid';
  const payload = { cases, categories, query, view, lang, url: `${context.publicUrl}${CASES_PATH}` };
  return data(payload, { status: failed ? 503 : 200 });
});

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: `${t('page.cases')} | ${t('shop.name')}` },
    { name: 'description', content: t('cases.description') },
    { tagName: 'link', rel: 'canonical', href: data?.url ?? '' },
  ];
};

export default function Cases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const search = new URLSearchParams(location.search);
  const { cases, categories, query, view } = loaderData;
  const range = shownRange(cases);
  const results = useRef<HTMLElement>(null);
  const scrollPending = useRef(false);
  const loading = navigation.state === 'loading' && navigation.location.pathname === CASES_PATH;

  // SPEC §4: after a status change, scroll to the results, 120 px below the top of the window.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list's URL changes
  useEffect(() => {
    if (!scrollPending.current || !results.current) return;
    scrollPending.current = false;
    const top = results.current.getBoundingClientRect().top + window.scrollY - CASE_SCROLL_OFFSET;
    window.scrollTo({ top, behavior: 'smooth' });
  }, [location.search]);

  const viewLink = (target: 'grid' | 'list', label: string) => (
    <Link
      discover="none"
      to={withParams(search, { view: target === 'list' ? 'list' : undefined })}
      preventScrollReset
      aria-current={view === target ? 'page' : undefined}
      className="rounded border border-line bg-white px-3 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('page.cases')}>
        <p className="mt-2 max-w-3xl text-muted">{t('cases.intro')}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[18rem_1fr]">
        <CaseFilters
          key={location.search}
          query={query}
          categories={categories}
          view={view}
          onStatusChange={() => {
            scrollPending.current = true;
          }}
        />
        <section ref={results} id="rezultate" aria-labelledby="cases-results-heading" aria-busy={loading}>
          {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
          <h2 id="cases-results-heading" className="sr-only">
            {t('cases.resultsHeading')}
          </h2>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <p id="cases-results" aria-live="polite">
              {t('cases.showing', { from: range.from, to: range.to, count: range.total })}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Form
                discover="none"
                method="get"
                action={CASES_PATH}
                className="flex items-center gap-2"
                preventScrollReset
              >
                {[...search.entries()]
                  .filter(([key]) => key !== 'sortBy' && key !== 'page')
                  .map(([key, value]) => (
                    <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
                  ))}
                <Select
                  id="cases-sort"
                  label={t('cases.sort')}
                  name="sortBy"
                  defaultValue={query.sortBy}
                  key={query.sortBy}
                  onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
                >
                  {CASE_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`cases.sort.${sort}`)}
                    </option>
                  ))}
                </Select>
                <noscript>
                  <button type="submit" className="text-sm underline">
                    {t('cases.apply')}
                  </button>
                </noscript>
              </Form>
              <nav aria-label={t('cases.view')} className="flex gap-2">
                {viewLink('grid', t('cases.viewGrid'))}
                {viewLink('list', t('cases.viewList'))}
              </nav>
            </div>
          </div>
          {loading ? (
            <ul className={view === 'grid' ? 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-6'}>
              {Array.from({ length: CASE_PAGE_SIZE }, (_, i) => (
                // Placeholders have no identity; there are always nine.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i}>
                  <CaseCardSkeleton />
                </li>
              ))}
            </ul>
          ) : cases.data.length === 0 ? (
            <div className="rounded-lg border border-line bg-white p-8 text-center">
              <h2 className="font-serif text-xl font-bold">{t('cases.empty')}</h2>
              <p className="mt-2 text-muted">{t('cases.emptyHint')}</p>
            </div>
          ) : (
            <ul className={view === 'grid' ? 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-6'}>
              {cases.data.map((c) => (
                <li key={c.id}>
                  <CaseCard c={c} layout={view} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={cases.current_page} lastPage={cases.last_page} />
        </section>
      </div>
    </>
  );
}
