import type { AppLoadContext } from 'react-router';
import { AppError } from '../../../contracts/errors';
import type { ListingFilters } from '../../../contracts/listing';

/**
 * The category the filters name, with its path. An unknown one is a 404 when it is the page's own
 * (/shop/:categorySlug) and a 400 when it came in the query (selectVal, category).
 */
export async function listingCategory(context: AppLoadContext, filters: ListingFilters, fromPath: boolean) {
  if (!filters.category) return null;
  const category = await context.services.catalogue.category(filters.category, context.prefs.lang);
  if (category) return category;
  if (fromPath) throw new AppError('NOT_FOUND');
  throw new AppError('VALIDATION', { fields: { category: 'validation.categoryUnknown' } });
}
