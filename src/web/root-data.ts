import { type AppLoadContext, useRouteLoaderData } from 'react-router';

/**
 * What the root loader gives every page: language, display currency, category menu, contact details, and
 * whether the visitor has made a cookie choice (so the server renders the banner and hydration agrees).
 */
export async function loadRootData({ services, prefs, contact }: AppLoadContext) {
  const [menu, currency, currencies] = await Promise.all([
    services.catalogue.categoryMenu(prefs.lang),
    services.currency.view(prefs.currency),
    services.currency.available(),
  ]);
  return { lang: prefs.lang, currency, currencies, menu, contact, consentChosen: prefs.consent !== null };
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('Root data is missing');
  return data;
}

export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
