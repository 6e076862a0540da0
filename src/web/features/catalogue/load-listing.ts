import { type AppLoadContext, data } from 'react-router';
import type { z } from 'zod';
import { fieldMessages, type ListingFilters, searchParamsObject } from '../../../contracts/listing';

/** A listing page's query, parsed with `schema`: bad values are a 400 with a message per field. */
export function parseListingQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const parsed = schema.safeParse(searchParamsObject(url.searchParams));
  if (!parsed.success) throw data({ fields: fieldMessages(parsed.error) }, { status: 400 });
  return parsed.data;
}

/**
 * The category the filters name, with its path. An unknown one is a 404 when it is the page's own
 * (/shop/:categorySlug) and a 400 when it came in the query (selectVal, category).
 */
export async function listingCategory(context: AppLoadContext, filters: ListingFilters, fromPath: boolean) {
  if (!filters.category) return null;
  const category = await context.services.catalogue.category(filters.category, context.prefs.lang);
  if (category) return category;
  if (fromPath) throw data(null, { status: 404 });
  throw data({ fields: { category: 'Categoria nu există.' } }, { status: 400 });
}
