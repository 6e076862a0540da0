import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutFormSchema, IDEMPOTENCY_KEY_PATTERN, orderHistoryQuerySchema } from '../../../contracts/checkout';
import { AppError } from '../../../contracts/errors';
import type { Services } from '../../../core/services';
import { preferencesOf } from '../../ssr';
import { cartTokenOf } from '../cart/owner';
import { currentClient, requireClient } from '../current-client';
import { errorResponses } from '../schemas';

const placedSchema = z.object({
  data: z.object({
    order_ref_number: z.string(),
    billing_total_amount: z.number().int().describe('bani RON, VAT included'),
    products: z.array(
      z.object({
        products_id: z.number().int(),
        product: z.string(),
        quantity: z.number().int(),
        price: z.number().int(),
        vat: z.number().int(),
      }),
    ),
    payment: z.null().describe('the card payment issue fills it'),
    order: z.object({
      id: z.number().int(),
      status: z.enum(['pending', 'completed', 'canceled']),
      payment_state: z.enum(['awaiting_payment', 'cash_on_delivery', 'paid', 'failed']),
      payment_method: z.enum(['ramburs', 'card', 'transfer', 'revolut']),
      guest_link: z.string().nullable(),
      receipt: z.string().describe('names the order to POST /api/payment/start (card orders)'),
    }),
  }),
});

const historyLineSchema = z.object({
  product_name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  billing_special_price: z.number().int().nullable(),
  billing_selling_price: z.number().int(),
  personalization_price: z.number().int(),
  discount_percent: z.number().int(),
  vat: z.number().int(),
  billing_currency: z.literal('RON'),
  url_path: z.string(),
  thumbnail: z.string(),
});
const historyOrderSchema = z.object({
  id: z.number().int(),
  order_ref_number: z.string(),
  created_at: z.string(),
  delivery_address: z.string(),
  billing_total_amount: z.number().int(),
  status: z.enum(['pending', 'completed', 'canceled']),
  payment_state: z.enum(['awaiting_payment', 'cash_on_delivery', 'paid', 'failed']),
  payment_method: z.string(),
  carrier_name: z.string(),
  tracking_number_list: z.array(z.string()),
  tracking_url: z.string().nullable(),
  bills_list: z.array(z.object({ bill_type: z.string(), bill_number: z.string() })),
  order_items: z.array(historyLineSchema),
});

/** An attachment's header: an ASCII fallback name and the exact one (RFC 6266, RFC 5987). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** SPEC §7 Create order: the checkout's JSON form, one order per idempotency key. */
export const orderRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/client-order',
      {
        schema: {
          summary: "Client orders by page (SPEC §7): the logged-in client's orders, newest first, 10 a page",
          tags: ['orders'],
          querystring: orderHistoryQuerySchema,
          response: {
            200: z.object({
              data: z.array(historyOrderSchema),
              total: z.number().int(),
              current_page: z.number().int(),
              last_page: z.number().int(),
            }),
            ...errorResponses,
          },
        },
      },
      async (req, reply) => {
        const client = await requireClient(req);
        reply.header('cache-control', 'private, no-store');
        return services.orderHistory.list(client.id, req.query.page);
      },
    );

    app.get(
      '/client-order/download-invoice/:id',
      {
        schema: {
          summary: "Download invoice (SPEC §7): the order's invoice as a PDF, 'Factura #{bill_number}.pdf'",
          description:
            "For the order's owner (session), or with the signed `key` of the payment e-mail and the guest's order page. Any other request, and an order without an invoice, answers 404.",
          tags: ['orders'],
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          querystring: z.object({ key: z.string().max(100).optional().describe('the signed link of the order') }),
          response: { 200: z.any().describe('application/pdf'), ...errorResponses },
        },
      },
      async (req, reply) => {
        const client = await currentClient(req);
        const { fileName, pdf } = await services.invoices.document(req.params.id, {
          clientId: client?.id ?? null,
          key: req.query.key,
        });
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', contentDisposition(fileName))
          .send(pdf);
      },
    );

    app.post(
      '/client-order/create',
      {
        schema: {
          summary: 'Create order (SPEC §7): the cart becomes an order, its stock taken, its e-mails queued',
          description:
            'The body is the checkout form. An Idempotency-Key header (or idempotency_key in the body) is required: the same key from the same shopper (session or cart) answers the same order. A total different from expected_total answers 409 with the new one.',
          tags: ['orders'],
          body: checkoutFormSchema,
          headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
          response: { 200: placedSchema, ...errorResponses },
        },
      },
      async (req, reply) => {
        const key = req.headers['idempotency-key'] ?? req.body.idempotency_key;
        if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
          throw new AppError('VALIDATION', { fields: { idempotency_key: 'validation.checkout.idempotencyKey' } });
        }
        const client = await currentClient(req);
        const prefs = preferencesOf(req);
        const placed = await services.orders.place(req.body, {
          client: client ? { id: client.id, email: client.email } : null,
          cartToken: cartTokenOf(req),
          idempotencyKey: key,
          currency: await services.currency.view(prefs.currency),
          lang: prefs.lang,
        });
        reply.header('cache-control', 'private, no-store');
        return {
          data: {
            order_ref_number: placed.order_ref_number,
            billing_total_amount: placed.billing_total_amount,
            products: placed.products,
            payment: null,
            order: {
              id: placed.id,
              status: placed.status,
              payment_state: placed.payment_state,
              payment_method: placed.payment_method,
              guest_link: placed.guest_link,
              receipt: services.orders.receiptToken(placed.id),
            },
          },
        };
      },
    );
  };
