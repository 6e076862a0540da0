import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseListQuerySchema } from '../../../contracts/cases';
import { AppError } from '../../../contracts/errors';
import { numericIdSchema } from '../../../contracts/pagination';
import type { Services } from '../../../core/services';
import { preferencesOf } from '../../ssr';
import { caseListSchema, errorResponses, humanitarianCaseSchema } from '../schemas';

export const caseRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/humanitarian-cases',
      {
        schema: {
          summary: 'Humanitarian case list (SPEC §7): filters, page, per_page, sortBy',
          description:
            'Answers current_page, last_page, per_page, last_row (total) and data. min_price and max_price are in lei and bound the needed sum; category_id is a comma list.',
          tags: ['cases'],
          querystring: caseListQuerySchema,
          response: { 200: caseListSchema, 400: errorResponses[400], 500: errorResponses[500] },
        },
      },
      async (req) => services.cases.list(req.query, preferencesOf(req).lang),
    );

    app.get(
      '/humanitarian-cases/first-active',
      {
        schema: {
          summary: 'The newest active case, offered for donations at checkout',
          tags: ['cases'],
          response: { 200: humanitarianCaseSchema, 404: errorResponses[404], 500: errorResponses[500] },
        },
      },
      async (req) => {
        const found = await services.cases.firstActive(preferencesOf(req).lang);
        if (!found) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.activeCase' });
        return found;
      },
    );

    app.get(
      '/humanitarian-cases/:id',
      {
        schema: {
          summary: 'One humanitarian case by numeric id',
          tags: ['cases'],
          params: z.object({ id: numericIdSchema }),
          response: { 200: humanitarianCaseSchema, ...errorResponses },
        },
      },
      async (req) => services.cases.byId(req.params.id, preferencesOf(req).lang),
    );
  };
