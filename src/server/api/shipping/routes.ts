import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNTRY_IDS, countryList } from '../../../contracts/geography';
import {
  CARRIER_IDS,
  carrierLocationsBodySchema,
  carriersBodySchema,
  type CarrierId,
  lockerQuerySchema,
} from '../../../contracts/shipping';
import type { Services } from '../../../core/services';
import { preferencesOf } from '../../ssr';
import { errorResponses } from '../schemas';

const carrierSchema = z.object({
  id: z
    .number()
    .int()
    .describe(`SPEC §3 carrier id: ${CARRIER_IDS.join(', ')}`),
  name: z.string(),
  delivery_option: z.enum(['home', 'locker', 'pickup', 'agency']),
  price: z.number().int().describe('bani, VAT included, before free shipping'),
  shippingCost: z.number().int().describe('bani the shopper pays for it now'),
  real_delivery_cost: z.number().int(),
  free_shipping_minimum: z.number().int().nullable(),
  free_shipping_threshold_remaining: z.number().int(),
  tracking_url: z.string().nullable(),
  delivery_time: z.string().nullable().describe('working days'),
});
const locationSchema = z.object({
  id: z.number().int(),
  carrier_id: z.number().int(),
  agency: z.string(),
  country_id: z.enum(COUNTRY_IDS),
  country_name: z.string(),
  location_contact_info: z.string(),
});
const lockerSchema = z.object({
  locker_id: z.string(),
  location_name: z.string(),
  country: z.enum(COUNTRY_IDS),
  county: z.string(),
  city: z.string(),
  street: z.string(),
  number: z.string(),
  zip_code: z.string(),
});

/** SPEC §7's carrier calls (countries, carriers for a country, pickup points) and the locker dialog's search. */
export const shippingRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const shipping = services.shipping;

    app.get(
      '/carriers/countries',
      {
        schema: {
          summary: "Carrier countries (SPEC §7): SPEC §9's supported countries",
          tags: ['shipping'],
          response: {
            200: z.object({ data: z.array(z.object({ country_id: z.enum(COUNTRY_IDS), country_name: z.string() })) }),
            500: errorResponses[500],
          },
        },
      },
      async (req) => ({ data: countryList(preferencesOf(req).lang) }),
    );

    app.post(
      '/carriers',
      {
        schema: {
          summary: 'Carriers for a country (SPEC §7), with their cost for this cart',
          description:
            'The weight is the sum of the products’ weights; free shipping follows cart_total (bani). payment_method is accepted and changes no fee.',
          tags: ['shipping'],
          body: carriersBodySchema,
          response: { 200: z.object({ data: z.object({ carriers: z.array(carrierSchema) }) }), ...errorResponses },
        },
      },
      async (req) => {
        const carriers = await shipping.carriersFor({
          countryId: req.body.country_id,
          items: req.body.items.map((i) => ({ productId: i.product_id, quantity: i.required_quantity })),
          paymentMethod: req.body.payment_method ?? null,
          cartTotal: req.body.cart_total,
        });
        return { data: { carriers } };
      },
    );

    app.post(
      '/carriers/locations',
      {
        schema: {
          summary: 'Pickup points of an agency courier in a country (SPEC §7), sorted by agency',
          tags: ['shipping'],
          body: carrierLocationsBodySchema,
          response: { 200: z.object({ data: z.array(locationSchema) }), ...errorResponses },
        },
      },
      async (req) => ({
        data: await shipping.locations(req.body.carrier_id as CarrierId, req.body.country_id, preferencesOf(req).lang),
      }),
    );

    app.get(
      '/gls-lockers',
      {
        schema: {
          summary: 'GLS lockers whose locality or postal code starts with q (the locker dialog)',
          tags: ['shipping'],
          querystring: lockerQuerySchema,
          response: { 200: z.object({ data: z.array(lockerSchema) }), ...errorResponses },
        },
      },
      async (req) => ({ data: await shipping.lockers({ query: req.query.q, limit: 50 }) }),
    );
  };
