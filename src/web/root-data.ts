import { useRouteLoaderData } from 'react-router';
import type { loader } from './root';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data (language, currency, menu, contact), available to every component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('Root data is missing');
  return data;
}

export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
