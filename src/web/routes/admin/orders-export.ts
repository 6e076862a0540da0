import { EXPORT_BATCH_SIZE, adminOrderQuerySchema } from '../../../contracts/admin-orders';
import { CSV_BOM, csvLine } from '../../../contracts/csv';
import { parseQuery } from '../../../contracts/errors';
import { adminPageHeaders } from '../../http-cache';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/orders-export';

/** The CSV's column names come from these areas (the server's translator holds every area anyway). */
export const handle = { i18n: ['admin', 'admin-orders'] };

/**
 * `GET /admin/orders/export.csv?<the list's filters>`: every order the list's filters match, in its order,
 * parsed by the list's own schema and read by its own service a batch at a time, streamed as CSV (UTF-8 with
 * BOM, `;`-separated, contracts/csv.ts). Amounts in lei with the decimal comma, dates in Bucharest time.
 */
export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'orders');
  const query = parseQuery(adminOrderQuerySchema, Object.fromEntries(url.searchParams));
  const t = translator(context.prefs.lang);
  const when = new Intl.DateTimeFormat('ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const lei = new Intl.NumberFormat('ro-RO', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const orders = context.services.adminOrders;
  let offset = 0;
  let last = false;
  const encoder = new TextEncoder();
  const header = csvLine([
    t('admin.orders.number'),
    t('admin.orders.date'),
    t('admin.orders.customer'),
    t('adminOrders.email'),
    t('adminOrders.phone'),
    t('admin.orders.country'),
    t('admin.orders.carrier'),
    t('admin.orders.status'),
    t('admin.orders.payment'),
    t('adminOrders.paymentMethod'),
    t('adminOrders.totalLei'),
  ]);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + header));
    },
    async pull(controller) {
      if (last) {
        controller.close();
        return;
      }
      const rows = await orders.exportBatch(query, offset);
      offset += rows.length;
      last = rows.length < EXPORT_BATCH_SIZE;
      const text = rows
        .map((r) =>
          csvLine([
            r.number,
            when.format(new Date(r.createdAt)),
            r.customer,
            r.email,
            r.phone,
            r.country,
            r.carrier,
            t(`admin.orders.status.${r.status}`),
            t(`admin.orders.payment.${r.paymentState}`),
            r.paymentMethod,
            lei.format(r.total / 100),
          ]),
        )
        .join('');
      controller.enqueue(encoder.encode(text));
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="comenzi.csv"',
      ...adminPageHeaders(),
    },
  });
});
