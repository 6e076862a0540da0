import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { type ReactNode, useEffect, useRef } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { type AdminOrderDetail, adminOrderActionSchema } from '../../../contracts/admin-orders';
import { AppError, isAppError } from '../../../contracts/errors';
import { formatCurrencyAmount } from '../../../contracts/money';
import { FieldError, FormBanner, inputClass } from '../../features/account/account-form';
import { AdminTitle, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminTable } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/order';
import { inputProps } from '../../ui/input-props';

export const handle = { i18n: ['admin', 'admin-orders', 'validation'] };

/** The order's id in the path: digits only, else the page is a 404 (never a 500). */
function orderIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param ?? '') || id < 1) throw new AppError('NOT_FOUND');
  return id;
}

export const loader = withPageErrors(async ({ url, context, params }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'orders');
  const order = await context.services.adminOrder.detail(orderIdOf(params.id));
  if (!order) throw new AppError('NOT_FOUND');
  return { lang: context.prefs.lang, order };
});

type Notice = 'status' | 'canceled' | 'refund-netopia' | 'refund-manual' | 'awb' | 'paid' | 'invoice' | 'resent';

/**
 * Every button of the page posts here with its `intent` (one schema); each write is one transaction with its
 * audit row in the service. A refusal (a transition not allowed, an order changed meanwhile) is a 4xx with
 * the message shown where the result of an action shows.
 */
export const action = withPageErrors(async ({ request, url, context, params }: Route.ActionArgs) => {
  const me = await requireStaff(context, url, 'orders');
  const id = orderIdOf(params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: adminOrderActionSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), notice: null }, { status: 400 });
  const input = submission.value;
  const service = context.services.adminOrder;
  let notice: Notice;
  try {
    switch (input.intent) {
      case 'status': {
        const { refundDue } = await service.changeStatus(me.id, id, input.status);
        notice = refundDue ? `refund-${refundDue}` : input.status === 'canceled' ? 'canceled' : 'status';
        break;
      }
      case 'awb':
        await service.setAwb(me.id, id, input.awb);
        notice = 'awb';
        break;
      case 'confirm-payment':
        await service.confirmPayment(me.id, id);
        notice = 'paid';
        break;
      case 'issue-invoice':
        await service.issueInvoice(me.id, id);
        notice = 'invoice';
        break;
      case 'resend-mail':
        await service.resendMail(me.id, id, input.mail);
        notice = 'resent';
        break;
    }
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    const formErrors = [err.messageKey ?? `apiError.${err.code}`];
    return data({ result: submission.reply({ formErrors }), notice: null }, { status: err.status });
  }
  return data({ result: submission.reply({ resetForm: true }), notice });
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded && 'lang' in loaded ? loaded.lang : 'ro');
  const number = loaded && 'order' in loaded ? loaded.order.number : '';
  return [
    { title: `${t('adminOrders.title', { number })} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function useFormats() {
  const lang = useLanguage();
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return {
    lei: (bani: number) => formatCurrencyAmount({ sum: bani, currency: 'RON' }, lang),
    at: (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))}</time>,
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-white p-4">
      <h2 id={id} className="mb-3 font-serif text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A form of one button: its intent and fields hidden, the label the button's text. */
function ActionButton({
  intent,
  fields = {},
  label,
}: {
  intent: string;
  fields?: Record<string, string>;
  label: string;
}) {
  return (
    <Form discover="none" method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={smallButtonClass}>
        {label}
      </button>
    </Form>
  );
}

function lineColumns(t: Translate, lei: (bani: number) => string): AdminColumn<AdminOrderDetail['lines'][number]>[] {
  return [
    {
      id: 'title',
      header: t('adminOrders.line.title'),
      cell: ({ row }) => (
        <>
          <Link discover="none" to={row.original.urlPath} className="font-semibold text-brand underline">
            {row.original.title}
          </Link>
          <br />
          <span className="text-muted">{row.original.sku}</span>
          {row.original.personalization.length > 0 && (
            <ul className="mt-1 space-y-1" aria-label={t('adminOrders.line.personalization')}>
              {row.original.personalization.map((p) => (
                <li key={p.label + p.value.slice(0, 40)}>
                  <span className="font-semibold">{p.label}: </span>
                  {p.image ? (
                    <img src={p.value} alt={p.label} className="mt-1 max-h-32 rounded border border-line" />
                  ) : (
                    <span className="whitespace-pre-wrap">{p.value}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      ),
    },
    { id: 'quantity', header: t('adminOrders.line.quantity'), cell: ({ row }) => row.original.quantity },
    {
      id: 'unit',
      header: t('adminOrders.line.unitPrice'),
      cell: ({ row }) => <span className="whitespace-nowrap">{lei(row.original.unitPrice)}</span>,
    },
    {
      id: 'value',
      header: t('adminOrders.line.value'),
      cell: ({ row }) => <span className="whitespace-nowrap">{lei(row.original.value)}</span>,
    },
  ];
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { lei, at } = useFormats();
  const order = loaderData.order;
  const navigation = useNavigation();
  const [awbForm, awbFields] = useForm({
    id: 'order-awb',
    lastResult: actionData?.result?.initialValue?.intent === 'awb' ? actionData.result : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminOrderActionSchema }),
  });
  const error = actionData?.result?.error;
  const formError =
    error?.[''] ?? (actionData?.result?.initialValue?.intent !== 'awb' && error ? Object.values(error).flat() : null);
  const message = formError?.[0] ? translateMessage(t, formError[0]) : null;
  const notice = actionData?.notice;
  // Keyboard users land on the action's result (issue 13): focus moves to the message once it shows.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData && navigation.state === 'idle') resultRef.current?.focus();
  }, [actionData, navigation.state]);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link discover="none" to="/admin/orders" className="text-brand underline">
          {t('adminOrders.back')}
        </Link>
      </p>
      <AdminTitle>{t('adminOrders.title', { number: order.number })}</AdminTitle>
      <div ref={resultRef} tabIndex={-1} className="mb-4 space-y-2 outline-none" data-testid="order-result">
        {message && <FormBanner tone="error">{message}</FormBanner>}
        {notice && <FormBanner tone="success">{t(`adminOrders.notice.${notice}`)}</FormBanner>}
      </div>
      {order.refundDue && (
        <p className="mb-4 rounded border border-gold bg-gold/10 p-3 font-semibold" data-testid="refund-note">
          {t(`adminOrders.refund.${order.refundDue}`)}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Section id="order-summary" title={t('adminOrders.summary')}>
          <Facts
            rows={[
              [
                t('admin.orders.number'),
                <span key="n" className="font-mono">
                  {order.number}
                </span>,
              ],
              [t('adminOrders.placed'), at(order.createdAt)],
              [t('adminOrders.updated'), at(order.updatedAt)],
              [
                t('admin.orders.status'),
                <strong key="s" data-testid="order-status">
                  {t(`admin.orders.status.${order.status}`)}
                </strong>,
              ],
              [
                t('admin.orders.payment'),
                <span key="p" data-testid="order-payment">
                  {t(`adminOrders.method.${order.paymentMethod}`)} · {t(`admin.orders.payment.${order.paymentState}`)}
                </span>,
              ],
              [t('adminOrders.coupon'), order.coupon],
              [
                t('adminOrders.comments'),
                order.comments && <span className="whitespace-pre-wrap">{order.comments}</span>,
              ],
            ]}
          />
        </Section>

        <Section id="order-actions" title={t('adminOrders.actions')}>
          <div className="space-y-4">
            {order.allowed.statuses.length > 0 && (
              <div>
                <h3 className="mb-1 text-sm font-semibold">{t('adminOrders.changeStatus')}</h3>
                <div className="flex flex-wrap gap-2">
                  {order.allowed.statuses.map((s) => (
                    <ActionButton key={s} intent="status" fields={{ status: s }} label={t(`adminOrders.to.${s}`)} />
                  ))}
                </div>
              </div>
            )}
            {order.allowed.awb && (
              <Form discover="none" method="post" {...getFormProps(awbForm)} className="space-y-1">
                <input type="hidden" name="intent" value="awb" />
                <label htmlFor={awbFields.awb.id} className="block text-sm font-semibold">
                  {t('adminOrders.awbFor', { carrier: order.carrier.name })}
                </label>
                <div className="flex flex-wrap items-start gap-2">
                  <input
                    {...inputProps(awbFields.awb, { type: 'text' })}
                    required={false}
                    autoComplete="off"
                    className={`${inputClass} mt-0 max-w-60`}
                  />
                  <button type="submit" className={smallButtonClass}>
                    {t('adminOrders.saveAwb')}
                  </button>
                </div>
                <FieldError field={awbFields.awb} />
              </Form>
            )}
            <div className="flex flex-wrap gap-2">
              {order.allowed.confirmPayment && (
                <ActionButton intent="confirm-payment" label={t('adminOrders.confirmPayment')} />
              )}
              {order.allowed.issueInvoice && (
                <ActionButton intent="issue-invoice" label={t('adminOrders.issueInvoice')} />
              )}
              {order.status !== 'canceled' && (
                <a href={`/admin/orders/${order.id}/packing-slip`} className={smallButtonClass} download>
                  {t('adminOrders.packingSlip')}
                </a>
              )}
            </div>
          </div>
        </Section>
      </div>

      <div className="mt-4">
        <h2 className="sr-only">{t('adminOrders.lines')}</h2>
        <AdminTable
          caption={t('adminOrders.lines')}
          columns={lineColumns(t, lei)}
          rows={order.lines}
          rowKey={(l) => String(l.id)}
        />
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Section id="order-client" title={t('adminOrders.client')}>
          <Facts
            rows={[
              [
                t('adminOrders.account'),
                order.client ? `${order.client.name} (${order.client.email})` : t('adminOrders.guest'),
              ],
              [t('adminOrders.email'), order.email],
              [
                t('adminOrders.billing'),
                [order.billing.name, order.billing.company, order.billing.cui].filter(Boolean).join(', '),
              ],
              [t('adminOrders.phone'), order.billing.phone],
              [t('adminOrders.billingAddress'), order.billing.line],
            ]}
          />
        </Section>
        <Section id="order-delivery" title={t('adminOrders.delivery')}>
          <Facts
            rows={[
              [t('admin.orders.carrier'), order.carrier.name],
              [t('adminOrders.deliveryKind'), t(`adminOrders.kind.${order.delivery.kind}`)],
              [t('adminOrders.recipient'), `${order.delivery.recipient}, ${order.delivery.phone}`],
              [t('adminOrders.deliveryAddress'), order.delivery.line],
              [
                t('adminOrders.awb'),
                order.trackingNumbers.length ? (
                  <span key="a" data-testid="order-awb">
                    {order.trackingLink ? (
                      <a
                        href={order.trackingLink}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-brand underline"
                      >
                        {order.trackingNumbers[0]}
                        <span className="sr-only"> {t('adminOrders.newTab')}</span>
                      </a>
                    ) : (
                      order.trackingNumbers[0]
                    )}
                    {order.trackingNumbers.length > 1 && ` (${order.trackingNumbers.slice(1).join(', ')})`}
                  </span>
                ) : null,
              ],
            ]}
          />
        </Section>
        <Section id="order-totals" title={t('adminOrders.totals')}>
          <Facts
            rows={[
              [t('adminOrders.subtotal'), lei(order.totals.subtotal)],
              [t('adminOrders.discount'), order.totals.discount ? `−${lei(order.totals.discount)}` : lei(0)],
              [t('adminOrders.shipping'), lei(order.totals.shipping)],
              [t('adminOrders.donation'), lei(order.totals.donation)],
              [t('admin.orders.total'), <strong key="t">{lei(order.totals.total)}</strong>],
              [
                t('adminOrders.invoice'),
                order.invoice ? (
                  <span key="i" data-testid="order-invoice">
                    <a href={order.invoice.link} className="text-brand underline">
                      {order.invoice.bill}
                    </a>{' '}
                    ({at(order.invoice.issuedAt)})
                  </span>
                ) : (
                  t('adminOrders.noInvoice')
                ),
              ],
            ]}
          />
        </Section>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Section id="order-payments" title={t('adminOrders.payments')}>
          {order.payments.length === 0 && order.notifications.length === 0 ? (
            <p className="text-sm text-muted">{t('adminOrders.noPayments')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {order.payments.map((p) => (
                <li key={`p${p.id}`}>
                  {at(p.createdAt)} · {t('adminOrders.attempt', { ntp: p.ntpId, status: p.status })} ·{' '}
                  {formatCurrencyAmount({ sum: p.amount, currency: p.currency }, lang)}
                  {p.flag && <strong> · {p.flag}</strong>}
                </li>
              ))}
              {order.notifications.map((n) => (
                <li key={`n${n.id}`}>
                  {at(n.receivedAt)} ·{' '}
                  {t('adminOrders.notification', { ntp: n.ntpId, status: n.status, source: n.source })}
                  {n.flag && <strong> · {n.flag}</strong>}
                </li>
              ))}
            </ul>
          )}
          <h3 className="mb-1 mt-4 text-sm font-semibold">{t('adminOrders.events')}</h3>
          <ul className="space-y-1 text-sm">
            {order.events.map((e) => (
              <li key={e.id}>
                {at(e.at)} · {e.actor} · {e.kind}
              </li>
            ))}
          </ul>
        </Section>
        <Section id="order-mails" title={t('adminOrders.mails')}>
          {order.mails.length === 0 ? (
            <p className="text-sm text-muted">{t('adminOrders.noMails')}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {order.mails.map((m) => (
                <li
                  key={m.id}
                  className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2 last:border-b-0"
                >
                  <span>
                    {at(m.createdAt)} · {m.to}
                    <br />
                    <span className="font-semibold">{m.subject}</span> · {t(`adminOrders.mailStatus.${m.status}`)}
                  </span>
                  <ActionButton intent="resend-mail" fields={{ mail: String(m.id) }} label={t('adminOrders.resend')} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <div className="mt-4">
        <Section id="order-audit" title={t('adminOrders.audit')}>
          {order.audit.length === 0 ? (
            <p className="text-sm text-muted">{t('adminOrders.noAudit')}</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="order-audit">
              {order.audit.map((a) => (
                <li key={a.id}>
                  {at(a.at)} · {a.staffName} · <code>{a.action}</code>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  );
}
