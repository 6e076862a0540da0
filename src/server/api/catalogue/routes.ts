import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productDetailSchema } from '../../../contracts/catalogue';
import { numericIdSchema } from '../../../contracts/pagination';
import {
  productListingSchema,
  productListQuerySchema,
  SHOP_PAGE_SIZE,
  searchSuggestionsSchema,
  suggestQuerySchema,
  toListingFilters,
} from '../../../contracts/listing';
import type { Services } from '../../../core/services';
import { errorResponses } from '../schemas';

const productIdParams = z.object({ id: numericIdSchema });

/** Catalogue, search and suggestions (issue 3): GET /api/products, /api/products/:id, /api/search/suggest. */
export const catalogueRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/products',
      {
        schema: {
          summary: 'Products: search, filters, sort, pages and facet counts',
          description:
            'Query names of SPEC §2 (searchText, productType, selectVal = category, sortBy) plus facets. ' +
            'Prices are whole lei; amounts in the answer are bani. sortBy=new keeps the 8 newest, sortBy=sale the discounted.',
          tags: ['catalogue'],
          querystring: productListQuerySchema,
          response: { 200: productListingSchema, 400: errorResponses[400], 500: errorResponses[500] },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const page = q.page ?? 1;
        const perPage = q.per_page ?? SHOP_PAGE_SIZE;
        const { items, total, facets } = await services.catalogue.list({
          filters: toListingFilters(q),
          sort: q.sortBy ?? 'default',
          offset: (page - 1) * perPage,
          limit: perPage,
          lang: q.lang ?? 'ro',
        });
        reply.header('cache-control', 'public, max-age=60');
        return {
          data: items,
          total,
          page,
          per_page: perPage,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          facets,
        };
      },
    );

    app.get(
      '/products/:id',
      {
        schema: {
          summary: 'One product with its details',
          tags: ['catalogue'],
          params: productIdParams,
          querystring: z.object({ lang: suggestQuerySchema.shape.lang }),
          response: { 200: productDetailSchema, ...errorResponses },
        },
      },
      async (req, reply) => {
        const product = await services.catalogue.productById(req.params.id, req.query.lang ?? 'ro');
        reply.header('cache-control', 'public, max-age=60');
        return product;
      },
    );

    app.get(
      '/search/suggest',
      {
        schema: {
          summary: 'Suggestions for the header search box: products, authors, categories',
          tags: ['catalogue'],
          querystring: suggestQuerySchema,
          response: { 200: searchSuggestionsSchema, 400: errorResponses[400], 500: errorResponses[500] },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return services.catalogue.suggest(req.query.q, req.query.lang ?? 'ro');
      },
    );
  };
