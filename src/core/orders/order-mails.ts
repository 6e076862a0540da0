import type { CartView } from '../../contracts/cart';
import { formatMoney, NO_CONVERSION, type PricedCart } from '../../contracts/money';
import type { Language } from '../../contracts/preferences';
import type { CarrierOption, PaymentMethod } from '../../contracts/shipping';
import type { NewMail } from '../mail/mail-service';
import type { DeliverySnapshot } from './delivery-snapshot';

const SHOP_NAME = 'Librăria Creștină Maranatha';

export interface OrderMailFacts {
  ref: string;
  lang: Language;
  cart: CartView;
  totals: PricedCart;
  carrier: CarrierOption;
  delivery: DeliverySnapshot;
  paymentMethod: PaymentMethod;
  bankAccount: { iban: string; bank: string; holder: string };
  /** The profile's orders for a client, the unguessable order page for a guest. */
  orderLink: string;
  returnsLink: string;
}

const TEXT = {
  ro: {
    subject: (ref: string) => `${SHOP_NAME}: comanda ${ref} a fost înregistrată`,
    hello: 'Bună ziua,',
    thanks: (ref: string) => `Vă mulțumim! Comanda dumneavoastră ${ref} a fost înregistrată.`,
    lines: 'Produse:',
    personalised: 'personalizat',
    subtotal: 'Subtotal',
    discount: 'Reducere cupon',
    shipping: 'Livrare',
    donation: 'Donație pentru cazul umanitar (fără TVA)',
    total: 'Total de plată',
    vat: (rate: number) => `din care TVA ${rate} %`,
    delivery: 'Livrare',
    payment: 'Plată',
    methods: { ramburs: 'Ramburs (plata la livrare)', card: 'Card', transfer: 'Transfer bancar', revolut: 'Revolut' },
    transfer: (ref: string, a: OrderMailFacts['bankAccount'], total: string) => [
      `Vă rugăm să plătiți ${total} în contul IBAN ${a.iban} (${a.bank}), titular ${a.holder}, cu referința ${ref}.`,
      'Cărțile sunt rezervate 3 zile lucrătoare; dacă plata nu ajunge până atunci, comanda se anulează.',
    ],
    revolut: (ref: string, total: string) => [
      `Vă rugăm să trimiteți ${total} prin Revolut cu referința ${ref}.`,
      'Produsele sunt rezervate 3 zile lucrătoare; dacă plata nu ajunge până atunci, comanda se anulează.',
    ],
    card: 'Plata cu cardul se face pe pagina procesatorului de plăți; veți primi un e-mail când plata este confirmată.',
    ramburs: 'Plătiți curierului la primirea coletului.',
    see: 'Vedeți comanda:',
    returns: 'Dreptul de retragere și returul produselor (30 de zile; produsele personalizate nu pot fi returnate):',
    team: `Echipa ${SHOP_NAME}`,
    shopSubject: (ref: string) => `Comandă nouă ${ref}`,
    shopIntro: (ref: string, email: string) => `Comanda ${ref} de la ${email}.`,
  },
  en: {
    subject: (ref: string) => `${SHOP_NAME}: order ${ref} is registered`,
    hello: 'Hello,',
    thanks: (ref: string) => `Thank you! Your order ${ref} is registered.`,
    lines: 'Products:',
    personalised: 'personalised',
    subtotal: 'Subtotal',
    discount: 'Coupon discount',
    shipping: 'Delivery',
    donation: 'Donation to the humanitarian case (no VAT)',
    total: 'Total to pay',
    vat: (rate: number) => `of which VAT ${rate} %`,
    delivery: 'Delivery',
    payment: 'Payment',
    methods: { ramburs: 'Cash on delivery', card: 'Card', transfer: 'Bank transfer', revolut: 'Revolut' },
    transfer: (ref: string, a: OrderMailFacts['bankAccount'], total: string) => [
      `Please pay ${total} into the account IBAN ${a.iban} (${a.bank}), account holder ${a.holder}, with the reference ${ref}.`,
      'The books are reserved for 3 working days; if the payment has not arrived by then, the order is cancelled.',
    ],
    revolut: (ref: string, total: string) => [
      `Please send ${total} by Revolut with the reference ${ref}.`,
      'The products are reserved for 3 working days; if the payment has not arrived by then, the order is cancelled.',
    ],
    card: 'The card payment is made on the payment provider’s page; you will get an e-mail once it is confirmed.',
    ramburs: 'Pay the courier when the parcel arrives.',
    see: 'See your order:',
    returns: 'Withdrawal and returns (30 days; personalised products cannot be returned):',
    team: `The ${SHOP_NAME} team`,
    shopSubject: (ref: string) => `New order ${ref}`,
    shopIntro: (ref: string, email: string) => `Order ${ref} from ${email}.`,
  },
};

function body(facts: OrderMailFacts): string[] {
  const t = TEXT[facts.lang];
  const money = (bani: number) => formatMoney(bani, NO_CONVERSION, facts.lang);
  const { totals } = facts;
  const payment =
    facts.paymentMethod === 'transfer'
      ? t.transfer(facts.ref, facts.bankAccount, money(totals.total))
      : facts.paymentMethod === 'revolut'
        ? t.revolut(facts.ref, money(totals.total))
        : [facts.paymentMethod === 'card' ? t.card : t.ramburs];
  return [
    t.lines,
    ...facts.cart.lines.map(
      (l, i) =>
        `- ${l.title} (${l.sku})${l.personalization ? `, ${t.personalised}` : ''}: ${l.quantity} × ${money(
          l.unitPrice + l.personalizationPrice,
        )} = ${money(totals.lines[i].subtotal - totals.lines[i].discount)} (TVA ${l.vatRate} %)`,
    ),
    '',
    `${t.subtotal}: ${money(totals.subtotal)}`,
    ...(totals.discount > 0 ? [`${t.discount}: −${money(totals.discount)}`] : []),
    `${t.shipping} (${facts.carrier.name}): ${money(totals.shipping)}`,
    ...(totals.donation > 0 ? [`${t.donation}: ${money(totals.donation)}`] : []),
    `${t.total}: ${money(totals.total)}`,
    ...totals.vat.map((v) => `  ${t.vat(v.rate)}: ${money(v.vat)}`),
    '',
    `${t.delivery}: ${facts.carrier.name} — ${facts.delivery.recipient}, ${facts.delivery.line}`,
    `${t.payment}: ${t.methods[facts.paymentMethod]}`,
    ...payment,
  ];
}

/** The client's confirmation (issue 11 item 7): lines, VAT, totals, delivery, payment, returns, the order's link. */
export function confirmationMail(to: string, facts: OrderMailFacts): NewMail {
  const t = TEXT[facts.lang];
  return {
    to,
    subject: t.subject(facts.ref),
    text: [
      t.hello,
      '',
      t.thanks(facts.ref),
      '',
      ...body(facts),
      '',
      t.see,
      facts.orderLink,
      '',
      t.returns,
      facts.returnsLink,
      '',
      t.team,
    ].join('\n'),
  };
}

/** The shop's own notification of a new order, in Romanian. */
export function shopNotificationMail(to: string, clientEmail: string, facts: OrderMailFacts): NewMail {
  const t = TEXT.ro;
  return {
    to,
    replyTo: clientEmail,
    subject: t.shopSubject(facts.ref),
    text: [t.shopIntro(facts.ref, clientEmail), '', ...body({ ...facts, lang: 'ro' })].join('\n'),
  };
}

/** The client is told an unpaid order was cancelled and its books went back (issue 11 item 6). */
export function cancellationMail(to: string, ref: string, lang: Language): NewMail {
  const text =
    lang === 'en'
      ? {
          subject: `${SHOP_NAME}: order ${ref} is cancelled`,
          lines: [
            'Hello,',
            '',
            `We have not received the payment for order ${ref} within 3 working days, so it is cancelled and the products are back on sale.`,
            'If you have paid meanwhile, reply to this e-mail and we will sort it out.',
            '',
            TEXT.en.team,
          ],
        }
      : {
          subject: `${SHOP_NAME}: comanda ${ref} a fost anulată`,
          lines: [
            'Bună ziua,',
            '',
            `Nu am primit plata pentru comanda ${ref} în 3 zile lucrătoare, așa că a fost anulată, iar produsele au revenit la vânzare.`,
            'Dacă ați plătit între timp, răspundeți la acest e-mail și rezolvăm.',
            '',
            TEXT.ro.team,
          ],
        };
  return { to, subject: text.subject, text: text.lines.join('\n') };
}

/**
 * The client's e-mail when a payment is confirmed: a card payment by NETOPIA (issue 12), a bank transfer or
 * Revolut payment by the back office (issue 13).
 */
export function paymentReceivedMail(
  to: string,
  ref: string,
  total: string,
  lang: Language,
  invoiceLink: string | null,
  method = 'card',
): NewMail {
  const how =
    lang === 'en'
      ? (({ transfer: 'bank transfer', revolut: 'Revolut payment' } as Record<string, string>)[method] ??
        'card payment')
      : (({ transfer: 'plata prin transfer bancar', revolut: 'plata prin Revolut' } as Record<string, string>)[
          method
        ] ?? 'plata cu cardul');
  const text =
    lang === 'en'
      ? {
          subject: `${SHOP_NAME}: payment received for order ${ref}`,
          lines: [
            'Hello,',
            '',
            `We have received your ${how} of ${total} for order ${ref}. Thank you!`,
            'We will let you know when the parcel leaves.',
            ...(invoiceLink ? ['', 'Your invoice (PDF):', invoiceLink] : []),
            '',
            TEXT.en.team,
          ],
        }
      : {
          subject: `${SHOP_NAME}: plata pentru comanda ${ref} a fost primită`,
          lines: [
            'Bună ziua,',
            '',
            `Am primit ${how} de ${total} pentru comanda ${ref}. Vă mulțumim!`,
            'Vă anunțăm când coletul pleacă spre dumneavoastră.',
            ...(invoiceLink ? ['', 'Factura dumneavoastră (PDF):', invoiceLink] : []),
            '',
            TEXT.ro.team,
          ],
        };
  return { to, subject: text.subject, text: text.lines.join('\n') };
}

/** The client's e-mail when the shop cancels an order from the back office (issue 13), its money noted. */
export function staffCancellationMail(to: string, ref: string, lang: Language, refund: boolean): NewMail {
  const text =
    lang === 'en'
      ? {
          subject: `${SHOP_NAME}: order ${ref} is cancelled`,
          lines: [
            'Hello,',
            '',
            `Order ${ref} has been cancelled and its products are back on sale.`,
            refund
              ? 'The amount you paid will be refunded; a card refund reaches your account within a few working days.'
              : 'If you did not ask for this, reply to this e-mail and we will sort it out.',
            '',
            TEXT.en.team,
          ],
        }
      : {
          subject: `${SHOP_NAME}: comanda ${ref} a fost anulată`,
          lines: [
            'Bună ziua,',
            '',
            `Comanda ${ref} a fost anulată, iar produsele au revenit la vânzare.`,
            refund
              ? 'Suma plătită vă va fi returnată; o rambursare pe card ajunge în cont în câteva zile lucrătoare.'
              : 'Dacă nu ați cerut anularea, răspundeți la acest e-mail și rezolvăm.',
            '',
            TEXT.ro.team,
          ],
        };
  return { to, subject: text.subject, text: text.lines.join('\n') };
}

/** The client's e-mail when the parcel has its AWB (SPEC §4 parcel lifecycle): the tracking link, if any. */
export function shippingMail(
  to: string,
  facts: { ref: string; carrier: string; awb: string; trackingLink: string | null },
  lang: Language,
): NewMail {
  const text =
    lang === 'en'
      ? {
          subject: `${SHOP_NAME}: order ${facts.ref} is on its way`,
          lines: [
            'Hello,',
            '',
            `Your order ${facts.ref} has been handed to ${facts.carrier}. AWB number: ${facts.awb}.`,
            ...(facts.trackingLink ? ['Track the parcel here:', facts.trackingLink] : []),
            'Delivery usually takes 1-2 working days.',
            '',
            TEXT.en.team,
          ],
        }
      : {
          subject: `${SHOP_NAME}: comanda ${facts.ref} a fost expediată`,
          lines: [
            'Bună ziua,',
            '',
            `Comanda dumneavoastră ${facts.ref} a fost predată către ${facts.carrier}. Numărul AWB: ${facts.awb}.`,
            ...(facts.trackingLink ? ['Urmăriți coletul aici:', facts.trackingLink] : []),
            'Livrarea durează de obicei 1-2 zile lucrătoare.',
            '',
            TEXT.ro.team,
          ],
        };
  return { to, subject: text.subject, text: text.lines.join('\n') };
}

/** The client's e-mail when an unpaid card order is cancelled (issue 12: its time to pay ran out). */
export function cardCancellationMail(to: string, ref: string, lang: Language): NewMail {
  const text =
    lang === 'en'
      ? {
          subject: `${SHOP_NAME}: order ${ref} is cancelled`,
          lines: [
            'Hello,',
            '',
            `The card payment for order ${ref} was not completed in time, so the order is cancelled and the products are back on sale.`,
            'You are welcome to order again.',
            '',
            TEXT.en.team,
          ],
        }
      : {
          subject: `${SHOP_NAME}: comanda ${ref} a fost anulată`,
          lines: [
            'Bună ziua,',
            '',
            `Plata cu cardul pentru comanda ${ref} nu a fost finalizată la timp, așa că a fost anulată, iar produsele au revenit la vânzare.`,
            'Puteți comanda din nou oricând.',
            '',
            TEXT.ro.team,
          ],
        };
  return { to, subject: text.subject, text: text.lines.join('\n') };
}
