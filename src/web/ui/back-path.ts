import { useLocation } from 'react-router';

/** The current page's path and query: where a plain form's action sends the visitor back (`back`). */
export function useBackPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
