import { useCompareList } from './compare-store';

/** How many products the compare list (SPEC §2, browser storage) holds; follows other tabs too. */
export function useCompareCount(): number {
  return useCompareList().length;
}
