import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRY_IDS,
  countyCodeSchema,
  localityQuerySchema,
  streetQuerySchema,
  verifyZipSchema,
} from '../../../contracts/geography';
import type { Services } from '../../../core/services';
import { preferencesOf } from '../../ssr';
import { errorResponses } from '../schemas';

const countrySchema = z.object({ country_id: z.enum(COUNTRY_IDS), country_name: z.string() });
const countySchema = z.object({ Cod: z.string(), Nume: z.string() });
const localitySchema = z.object({
  Nume: z.string(),
  siruta: z.number().int(),
  uat: z.string(),
  sector: z.number().int().nullable(),
  zip_code: z.string().nullable(),
  has_streets: z.boolean(),
});
const streetSuggestionSchema = z.object({
  street: z.string(),
  sector: z.string().describe("Bucharest's sector 1–6, '' elsewhere"),
  zip_code: z.string(),
  numbers: z.string().describe('The numbers the code covers as Poșta writes them ("nr. 1-21"); empty = whole street'),
});

/** Lookups of the address forms (SPEC §5, §7): countries, counties, localities, streets, zip verification. */
export const geographyRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const geo = services.geography;

    app.get(
      '/geography/status',
      {
        schema: {
          summary: "Whether Romania's full address data is loaded",
          description: "'builtin': only counties and their seats; locality, street and postal code are free text.",
          tags: ['geography'],
          response: { 200: z.object({ source: z.enum(['official', 'builtin']) }), 500: errorResponses[500] },
        },
      },
      async () => geo.status(),
    );

    app.get(
      '/geography/countries',
      {
        schema: {
          summary: "SPEC §9's supported countries, named in the shopper's language",
          tags: ['geography'],
          response: { 200: z.array(countrySchema), 500: errorResponses[500] },
        },
      },
      async (req) => geo.countries(preferencesOf(req).lang),
    );

    app.get(
      '/geography/counties',
      {
        schema: {
          summary: "Romania's 41 counties and București",
          tags: ['geography'],
          response: { 200: z.array(countySchema), 500: errorResponses[500] },
        },
      },
      async () => geo.counties(),
    );

    app.get(
      '/geography/counties/:county/localities',
      {
        schema: {
          summary: "A county's localities, for the typeahead",
          description: 'Diacritics are ignored (ș, ş and s match alike); names starting with q come first.',
          tags: ['geography'],
          params: z.object({ county: countyCodeSchema }),
          querystring: localityQuerySchema,
          response: { 200: z.array(localitySchema), ...errorResponses },
        },
      },
      async (req) => geo.localities(req.params.county, req.query.q, req.query.limit),
    );

    app.get(
      '/geography/streets',
      {
        schema: {
          summary: "Street suggestions of a locality (SPEC §5's debounced lookup)",
          description: 'One row per street and number range, with its postal code; empty where codes are per locality.',
          tags: ['geography'],
          querystring: streetQuerySchema,
          response: { 200: z.array(streetSuggestionSchema), ...errorResponses },
        },
      },
      async (req) => geo.streets(req.query),
    );

    app.post(
      '/zip-codes/verify-zip-codes',
      {
        schema: {
          summary: 'Verify zip (SPEC §7): the postal codes of a street',
          description:
            "count > 1: the shopper must choose; one result fills street ('-' for a locality with one code) and zip. Bucharest's city 'Sector-N' is split into București and sector N.",
          tags: ['geography'],
          body: verifyZipSchema,
          response: {
            200: z.object({ count: z.number().int(), data: z.array(streetSuggestionSchema) }),
            400: errorResponses[400],
            500: errorResponses[500],
          },
        },
      },
      async (req) => geo.verifyZip(req.body),
    );
  };
