import { useEffect, useState } from 'react';

export const COMPARE_STORAGE_KEY = 'compare_products';

function readCount(): number {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]');
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** How many products the compare list (SPEC §2, browser storage) holds; follows other tabs too. */
export function useCompareCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(readCount());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === COMPARE_STORAGE_KEY) setCount(readCount());
    };
    const onLocalChange = () => setCount(readCount());
    window.addEventListener('storage', onStorage);
    window.addEventListener('compare-change', onLocalChange);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('compare-change', onLocalChange);
    };
  }, []);
  return count;
}
