import { useLocation, useNavigation } from 'react-router';

/**
 * The query of the list being shown, or of the one being loaded when the shopper just changed it,
 * so that controls show the new choice at once.
 */
export function useListingParams(): URLSearchParams {
  const location = useLocation();
  const pending = useNavigation().location;
  const current = pending && pending.pathname === location.pathname ? pending : location;
  return new URLSearchParams(current.search);
}
