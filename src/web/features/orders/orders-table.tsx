import { Link } from 'react-router';
import type { OrderStatus } from '../../../contracts/checkout';
import { formatDate } from '../../../contracts/dates';
import { INVOICE_BILL_TYPE } from '../../../contracts/invoices';
import { formatMoney, NO_CONVERSION } from '../../../contracts/money';
import type { OrderHistoryItem, OrderHistoryPage } from '../../../contracts/order-history';
import { useLanguage, useT } from '../../i18n/i18n';
import { Pagination } from '../../ui/pagination';
import { InvoiceDownload } from './invoice-download';

/** A cell: a column of the table from 640 px, a labelled line of the order's card below. */
const cell =
  'py-3 pr-3 max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:min-w-28 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]';

/** Each state in words and its own colour (never colour alone: the word is the state). */
const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  completed: 'bg-green-100 text-green-900',
  canceled: 'bg-stone-200 text-stone-800',
};

/** The order's invoice number ('factura' in SPEC §3 bills_list), if it has one. */
function invoiceOf(order: OrderHistoryItem): string | undefined {
  return order.bills_list.find((b) => b.bill_type === INVOICE_BILL_TYPE)?.bill_number;
}

function OrderLines({ order }: { order: OrderHistoryItem }) {
  const t = useT();
  const lang = useLanguage();
  const money = (bani: number) => formatMoney(bani, NO_CONVERSION, lang);
  return (
    <details className="group">
      <summary className="cursor-pointer font-semibold text-brand underline">
        {t('profile.orders.items', { count: order.order_items.length })}
      </summary>
      <ul className="mt-2 space-y-2">
        {order.order_items.map((item) => (
          <li key={`${item.sku}-${item.url_path}`} className="flex items-start gap-3">
            <img
              src={item.thumbnail}
              alt=""
              width={40}
              height={60}
              loading="lazy"
              className="h-15 w-10 shrink-0 rounded object-cover"
            />
            <div className="text-sm">
              <Link discover="none" to={item.url_path} className="font-semibold hover:text-brand hover:underline">
                {item.product_name}
              </Link>
              <p className="text-muted">
                {t('profile.orders.line', {
                  sku: item.sku,
                  quantity: item.quantity,
                  price: money(item.billing_special_price ?? item.billing_selling_price),
                  vat: item.vat,
                })}
                {item.personalization_price > 0 &&
                  ` · ${t('profile.orders.personalization', { price: money(item.personalization_price) })}`}
                {item.discount_percent > 0 && ` · ${t('profile.orders.discount', { percent: item.discount_percent })}`}
                {` · ${item.billing_currency}`}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * SPEC §2 "Comenzile mele": the 7-column table (order, date, delivery address, total, status, AWB, invoice), each
 * order's lines under it behind a disclosure that works without JavaScript, and the shared pagination.
 * `invoiceQuery` opens the invoices without a session (the guest's page: the order's signed key).
 */
export function OrdersTable({ orders, invoiceQuery }: { orders: OrderHistoryPage; invoiceQuery?: string }) {
  const t = useT();
  const lang = useLanguage();
  if (orders.total === 0) return <p className="text-muted">{t('profile.orders.empty')}</p>;
  return (
    <div>
      <div>
        <table className="w-full border-collapse text-left text-sm max-sm:block">
          <caption className="sr-only">{t('profile.orders.caption')}</caption>
          {/* On a phone each order is a card: the header row is left to screen readers, each cell says its name. */}
          <thead className="max-sm:sr-only">
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                {t('profile.orders.id')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('profile.orders.date')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('profile.orders.address')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t('profile.orders.total')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('profile.orders.status')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('profile.orders.awb')}
              </th>
              <th scope="col" className="py-2">
                {t('profile.orders.invoice')}
              </th>
            </tr>
          </thead>
          {orders.data.map((order) => (
            <tbody key={order.id} className="border-b border-line align-top max-sm:block">
              <tr className="max-sm:block max-sm:pt-3">
                <th scope="row" className="py-3 pr-3 font-semibold max-sm:block max-sm:py-1 max-sm:text-base">
                  {order.order_ref_number}
                </th>
                <td data-label={t('profile.orders.date')} className={`${cell} whitespace-nowrap`}>
                  {formatDate(order.created_at, lang)}
                </td>
                <td data-label={t('profile.orders.address')} className={cell}>
                  {order.delivery_address}
                </td>
                <td data-label={t('profile.orders.total')} className={`${cell} whitespace-nowrap sm:text-right`}>
                  {formatMoney(order.billing_total_amount, NO_CONVERSION, lang)}
                </td>
                <td data-label={t('profile.orders.status')} className={cell}>
                  <span className={`rounded px-2 py-1 font-semibold ${STATUS_CLASS[order.status]}`}>
                    {t(`profile.orders.state.${order.status}`)}
                  </span>
                </td>
                <td data-label={t('profile.orders.awb')} className={cell}>
                  {order.tracking_url ? (
                    <a
                      href={order.tracking_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-brand underline"
                    >
                      {order.tracking_number_list[0]}
                      <span className="sr-only"> {t('profile.orders.newTab')}</span>
                    </a>
                  ) : (
                    (order.tracking_number_list[0] ?? '—')
                  )}
                </td>
                <td data-label={t('profile.orders.invoice')} className={cell}>
                  {invoiceOf(order) ? (
                    <InvoiceDownload orderId={order.id} bill={invoiceOf(order) as string} query={invoiceQuery} />
                  ) : (
                    t('profile.orders.noInvoice')
                  )}
                </td>
              </tr>
              <tr className="max-sm:block">
                <td colSpan={7} className="pb-3 max-sm:block">
                  <OrderLines order={order} />
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      </div>
      <Pagination page={orders.current_page} lastPage={orders.last_page} />
    </div>
  );
}
