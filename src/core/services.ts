import type { SisterStore } from '../contracts/static-pages';
import { type AccountOptions, createAccountService } from './accounts/account-service';
import { createProfileService, type ProfileOptions } from './accounts/profile-service';
import type { Db } from '../db/client';
import { createAddressService } from './accounts/address-service';
import { createCacheRegistry } from './cache/registry';
import { type CartOptions, createCartService } from './cart/cart-service';
import { createCaseService } from './cases/case-service';
import { createCatalogueService } from './catalogue/catalogue-service';
import { createBlogService } from './content/blog-service';
import { type ContactOptions, createContactService } from './content/contact-service';
import { createCouponService } from './content/coupon-service';
import { createStatisticsService } from './content/statistics-service';
import { createGeographyService } from './geography/geography-service';
import { type Logger, silentLogger } from './logger';
import { createMailService, type MailOptions } from './mail/mail-service';
import { createSitemapService } from './seo/sitemap-service';
import { createShippingService } from './shipping/shipping-service';
import { createOrderService, type OrderOptions } from './orders/order-service';
import { createOrderHistory } from './orders/order-history';
import { createUploadService, type UploadOptions } from './uploads/upload-service';
import { createMediaService, type MediaOptions } from './media/media-service';
import { createPersonalizationService } from './personalization/personalization-service';
import type { CardPaymentProvider } from './payments/netopia-client';
import { createPaymentService, type PaymentOptions } from './payments/payment-service';
import { createInvoiceService, type InvoiceOptions } from './invoices/invoice-service';
import { createStaffService, type StaffOptions } from './staff/staff-service';
import { createAuditService } from './audit/audit';
import { createDashboardService } from './admin/dashboard';
import { createAdminOrderService } from './admin/order-admin';
import { createAdminOrderList } from './admin/order-list';
import { createShippingAdmin } from './admin/shipping-admin';
import { type CurrencyOptions, createCurrencyService } from './currency/currency-service';
import { createSettingsService, type SettingsDefaults } from './settings/settings-service';
import { CARRIER, DEPOT_ADDRESS } from '../contracts/shipping';
import { ROMANIA } from '../contracts/geography';
import { createAdminContent } from './admin/content';
import { createCatalogueAdmin } from './admin/catalogue-admin';

/** What the services need of the configuration. */
export interface ServiceOptions {
  mail: MailOptions;
  accounts: AccountOptions;
  orders: OrderOptions;
  profile: ProfileOptions;
  contact: ContactOptions;
  sisterStores: SisterStore[];
  uploads: UploadOptions;
  media: MediaOptions;
  invoices: InvoiceOptions;
  /** The card provider (NETOPIA or the simulator, both over HTTP) and how its notifications are checked. */
  payments: PaymentOptions & { provider: CardPaymentProvider };
  /** The back office's staff accounts (issue 13): the key their TOTP secrets are sealed with. */
  staff: StaffOptions;
  /** The cart's options; its free-shipping minimum is GLS's in Romania from the rates when left out. */
  cart?: Partial<CartOptions>;
  /** Where the BNR rates are downloaded from, and with what (the back office's "update now"). */
  currency?: CurrencyOptions;
  /** The depot's address until staff set it (decision 024): the code's DEPOT_ADDRESS when left out. */
  depot?: SettingsDefaults['depot'];
  log?: Logger;
}

/** Every business service, built once per process around one database. */
export function createServices(db: Db, options: ServiceOptions) {
  const log = options.log ?? silentLogger;
  const mail = createMailService(db, options.mail, log);
  // Every in-process cache registers here; writes invalidate through it (decision 012).
  const caches = createCacheRegistry();
  const geography = createGeographyService(db, caches);
  const catalogue = createCatalogueService(db, caches);
  const shipping = createShippingService(db, caches);
  const cart = createCartService(db, {
    freeShippingMinimum: () => shipping.freeShippingMinimum(CARRIER.GLSDomiciliu, ROMANIA),
    ...options.cart,
  });
  const uploads = createUploadService(options.uploads, log);
  const currency = createCurrencyService(db, caches, options.currency);
  const settings = createSettingsService(db, caches, {
    invoice: { series: options.invoices.series, seller: options.invoices.seller },
    depot: options.depot ?? { ...DEPOT_ADDRESS, country_id: 'RO' },
  });
  const coupons = createCouponService(db);
  const cases = createCaseService(db, caches);
  const addresses = createAddressService(db, geography);
  const invoices = createInvoiceService(db, options.invoices, log, settings.issuer);
  const orders = createOrderService(
    db,
    { cart, shipping, coupons, currency, cases, catalogue, uploads, addresses, mail, caches, settings },
    options.orders,
    log,
  );
  const payments = createPaymentService(
    db,
    { provider: options.payments.provider, orders, mail, invoices },
    options.payments,
    log,
  );
  return {
    caches,
    catalogue,
    currency,
    statistics: createStatisticsService(db, caches),
    blog: createBlogService(db),
    coupons,
    cases,
    cart,
    mail,
    accounts: createAccountService(db, mail, options.accounts, log, cart.mergeGuestCart),
    profile: createProfileService(db, options.profile, log),
    contact: createContactService(db, mail, options.contact, log),
    sisterStores: (): SisterStore[] => options.sisterStores,
    sitemap: createSitemapService(db),
    geography,
    shipping,
    addresses,
    orders,
    invoices,
    payments,
    orderHistory: createOrderHistory(db, shipping, invoices),
    uploads,
    media: createMediaService(options.media, log),
    personalization: createPersonalizationService({ cart, catalogue, uploads }, log),
    staff: createStaffService(db, options.staff, log),
    audit: createAuditService(db),
    dashboard: createDashboardService(db),
    adminOrders: createAdminOrderList(db),
    settings,
    shippingAdmin: createShippingAdmin(db, caches),
    adminOrder: createAdminOrderService(db, { shipping, invoices, payments, mail, caches }),
    adminContent: createAdminContent(db, caches),
    catalogueAdmin: createCatalogueAdmin(db, catalogue, caches),
  };
}

export type Services = ReturnType<typeof createServices>;
