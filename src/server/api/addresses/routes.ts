import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDRESS_TYPES, addressInputSchema, type ClientAddress } from '../../../contracts/addresses';
import { apiErrorSchema } from '../../../contracts/errors';
import { COUNTRY_IDS } from '../../../contracts/geography';
import { numericIdSchema } from '../../../contracts/pagination';
import type { Services } from '../../../core/services';
import { requireClient } from '../current-client';
import { errorResponses } from '../schemas';

const nullableText = z.string().nullable();

/** SPEC §3 Address as the API answers it. */
export const clientAddressSchema = z.object({
  id: z.number().int(),
  address_type: z.enum(ADDRESS_TYPES),
  is_company: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  company_name: nullableText,
  cui: nullableText,
  company_registration_number: nullableText,
  bank: nullableText,
  iban: nullableText,
  country_id: z.enum(COUNTRY_IDS),
  country: z.string(),
  county: z.string(),
  county_code: nullableText,
  city: z.string(),
  locality_siruta: z.number().int().nullable(),
  sector: z.number().int().nullable(),
  street: z.string(),
  number: z.string(),
  block: nullableText,
  door: nullableText,
  floor: nullableText,
  apartment: nullableText,
  zip_code: z.string(),
  other_delivery_details: nullableText,
}) satisfies z.ZodType<ClientAddress>;

const authErrors = {
  401: apiErrorSchema.describe('No session: log in first'),
  ...errorResponses,
};
const idParams = z.object({ id: numericIdSchema });

/** SPEC §7 Create/Update/Delete address and the client's list; a client only sees and changes its own. */
export const addressRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/addresses',
      {
        schema: {
          summary: "The logged-in client's billing and delivery addresses, newest first",
          tags: ['addresses'],
          response: { 200: z.array(clientAddressSchema), ...authErrors },
        },
      },
      async (req) => services.addresses.list((await requireClient(req)).id),
    );

    app.post(
      '/auth/addresses',
      {
        schema: {
          summary: 'Create address (SPEC §7): address fields plus is_company and address_type',
          description:
            "In Romania the county is one of the list and, with the full address data loaded, the locality one of the county's and the postal code one of the locality's.",
          tags: ['addresses'],
          body: addressInputSchema,
          response: { 201: clientAddressSchema, ...authErrors },
        },
      },
      async (req, reply) => {
        const client = await requireClient(req);
        return reply.status(201).send(await services.addresses.create(client.id, req.body));
      },
    );

    app.put(
      '/auth/addresses/:id',
      {
        schema: {
          summary: "Update address (SPEC §7); another client's id answers 404 and changes nothing",
          tags: ['addresses'],
          params: idParams,
          body: addressInputSchema,
          response: { 200: clientAddressSchema, ...authErrors },
        },
      },
      async (req) => services.addresses.update((await requireClient(req)).id, req.params.id, req.body),
    );

    app.delete(
      '/auth/addresses/:id',
      {
        schema: {
          summary: "Delete address (SPEC §7); another client's id answers 404 and changes nothing",
          tags: ['addresses'],
          params: idParams,
          response: { 204: z.null().describe('Deleted'), ...authErrors },
        },
      },
      async (req, reply) => {
        await services.addresses.remove((await requireClient(req)).id, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
