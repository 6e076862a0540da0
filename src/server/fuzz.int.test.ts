import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../contracts/accounts';
import { addressInputSchema } from '../contracts/addresses';
import { STATIC_PAGE_SLUGS } from '../contracts/static-pages';
import { importGeography } from '../core/geography/import';
import { ARAD_PLACE } from '../contracts/addresses.testing';
import { writeAddressFixture } from '../core/geography/testing';
import { silentLogger } from '../core/logger';
import { orders, products } from '../db/schema';
import { seedDemoData } from '../db/seed/seed';
import { seedShippingData } from '../db/seed/shipping-seed';
import { testDatabases } from '../db/testing';
import { STAFF_SESSION_COOKIE } from '../contracts/staff';
import { createTestClient, createTestStaff, useSeededApp } from './testing';

// The pages as in production: React's production build (ten times faster to render than its
// development build) is chosen when React is first imported, so before the imports above run.
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

/**
 * Issue 8's fuzz suite (decision 010): at least RUNS generated requests to every route of
 * /api/openapi.json and every page route of web/routes.ts, with hostile values, and not one answer
 * may be a 5xx. The requests are sampled with fast-check from a seed printed on failure
 * (FUZZ_SEED=… reproduces a run); every failure is collected and reported, grouped by route.
 */
const RUNS = 300;
const CONCURRENCY = 4;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
// Each test may take minutes on a busy machine: thousands of requests, multipart bodies of up to 5 MB among them.

interface Route {
  /** A path template: `:name` / `{name}` are parameters, `*` any path. */
  path: string;
  method: string;
  query: string[];
  /** The bodies to send instead of the generic ones (a form that is valid but for a few fields). */
  bodies?: fc.Arbitrary<string>;
}

const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'QUERY',
  'PROPFIND',
  'SEARCH',
] as const;

/** Values that broke shops before: control characters, bad percent-encoding, numbers out of range, long text. */
const RAW_VALUES = [
  '',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%C3%28',
  '%FF%FE',
  '%E2%82',
  '%ED%A0%80',
  '%1B%5B31m',
  '%0D%0ASet-Cookie:%20x=1',
  '%2e%2e%2f%2e%2e%2f',
  '%25',
  "'",
  '%27%20or%201=1--',
  '"',
  '<script>',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '%F0%9D%95%8F',
  'biblia',
  'carte',
  'price-asc',
  'en',
  'active',
  'blog-grid',
  '1',
];

const encoded = fc.oneof(
  fc.constantFrom(...RAW_VALUES),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
  fc.integer().map(String),
  fc.double().map(String),
  fc.nat({ max: 8 }).map((n) => 'x'.repeat(100 * 2 ** n)),
);

/** A query string: known and unknown names, repeated names (arrays for scalars), bare keys and `&&`. */
function queryString(names: string[]) {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(names.length ? names : ['page'])) },
    { weight: 1, arbitrary: fc.constantFrom('q', 'lang', 'limit', 'back', '__proto__', 'constructor', '%00', 'a[]') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent) },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(name, encoded).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: name },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', '==', '%=%') },
  );
  return fc.array(pair, { maxLength: 6 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

const pathValue = fc.oneof(
  fc.constantFrom(...RAW_VALUES.filter((v) => v !== '')),
  fc.constantFrom('1', '2', '12', '0', '01', '999999999', 'nu-exista', 'abc-12', '%2F', '..', '%2e%2e', 'a%20b'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

/** A concrete path for a template: parameters and `*` replaced by hostile segments, sometimes a doubled slash. */
function pathFor(template: string) {
  const parts = template.split('/');
  return fc
    .tuple(fc.array(pathValue, { minLength: parts.length, maxLength: parts.length }), fc.nat({ max: 9 }))
    .map(([values, twist]) => {
      const path = parts
        .map((part, i) => {
          if (part === '*') return values[i];
          if (part.endsWith('?') && twist < 3) return '';
          return part.replace(/:\w+\??|\{[^}]+\}/, values[i]);
        })
        .join('/')
        .replace(/\/+$/, '');
      if (twist === 9) return `/${path}`; // "//a%20b/"-style paths
      if (twist === 8) return `${path}/`;
      return path || '/';
    });
}

const contentTypes = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  'a/b/c',
  '',
);

/** The fields of the address forms, payloads and zip verification (issue 9). */
const ADDRESS_FIELDS = [
  'address_type',
  'is_company',
  'country_id',
  'county',
  'city',
  'locality_siruta',
  'sector',
  'street',
  'zip_code',
  'iban',
  '_modal',
] as const;

/** The checkout form's fields (issue 11), as the page posts them. */
const CHECKOUT_FIELDS = [
  'client_email',
  'billing.is_company',
  'billing.first_name',
  'billing.last_name',
  'billing.phone',
  'billing.country_id',
  'billing.county',
  'billing.city',
  'billing.street',
  'billing.number',
  'billing.zip_code',
  'billing.cui',
  'billing.iban',
  'deliveryAddressFlag',
  'delivery.country_id',
  'delivery.first_name',
  'delivery.city',
  'delivery.zip_code',
  'carrier',
  'carrier_location_id',
  'locker_id',
  'payment_method',
  'donation',
  'donation_choice',
  'couponCode',
  'client_comments',
  'terms',
  'saveNewAddress',
  'selectedAddressId',
  'selectedDeliveryAddressId',
  'idempotency_key',
  'expected_total',
] as const;

/** Values the checkout's fields take, and near misses of them. */
const checkoutValues = fc.constantFrom(
  'refresh',
  'place',
  'ramburs',
  'card',
  'transfer',
  'revolut',
  'RO',
  'DE',
  'GR',
  'ro',
  'on',
  '0',
  '1',
  '3',
  '4',
  '6',
  '7',
  '8',
  '-5',
  '2.5',
  '100001',
  '2147483648',
  `RO-9271-1`,
  'RO-1-1',
  'TOAMNA10',
  '310130',
  'Arad',
  'RO49AAAA1B31007593840000',
  '18547290',
);

/**
 * The checkout form a browser posts for a Romanian home delivery, valid, with up to three fields replaced by
 * hostile or near-miss values, repeated, or left out: the requests that reach the order service's checks.
 */
const checkoutForms: fc.Arbitrary<string> = fc
  .record({
    changes: fc.dictionary(
      fc.constantFrom(...CHECKOUT_FIELDS, 'intent'),
      fc.oneof(encoded, checkoutValues, fc.constant(null)),
      { maxKeys: 3 },
    ),
    repeat: fc.option(fc.constantFrom(...CHECKOUT_FIELDS), { freq: 4 }),
    key: fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
      minLength: 16,
      maxLength: 24,
    }),
  })
  .map(({ changes, repeat, key }) => {
    const form: Record<string, string> = {
      client_email: 'fuzz@example.ro',
      'billing.first_name': 'Maria',
      'billing.last_name': 'Ionescu',
      'billing.phone': '0744 123 456',
      'billing.country_id': 'RO',
      'billing.county': 'Arad',
      'billing.city': 'Arad',
      'billing.street': 'Bulevardul Revoluției',
      'billing.number': '81',
      'billing.zip_code': '310130',
      carrier: '4',
      payment_method: 'ramburs',
      donation: '10',
      terms: 'on',
      idempotency_key: key,
      intent: 'place',
    };
    const pairs = Object.entries(form)
      .filter(([name]) => !(name in changes))
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    for (const [name, value] of Object.entries(changes)) {
      // null: the field left out; other values are sent as generated (already encoded, or hostile on purpose).
      if (value !== null) pairs.push(`${encodeURIComponent(name)}=${value}`);
    }
    if (repeat) pairs.push(`${encodeURIComponent(repeat)}=${encodeURIComponent(form[repeat] ?? '1')}`);
    return pairs.join('&');
  });

/** A multipart body with its own boundary, as a browser's form or an upload client sends it. */
interface MultipartBody {
  contentType: string;
  payload: Buffer;
}

/** Tiny real pictures and files that only pretend to be pictures. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fileBytes = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.oneof(
      fc.constant(PNG_1PX),
      fc.constant(PNG_1PX.subarray(0, 20)),
      fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      fc.constant(Buffer.from('GIF89a\x01\x00\x01\x00')),
      fc.constant(Buffer.alloc(0)),
      fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
    ),
  },
  // Over the page form limit, and just over the picture limit (rarely: they are large).
  { weight: 1, arbitrary: fc.constantFrom(70_000, 5 * 1024 * 1024 + 1).map((n) => Buffer.alloc(n, 1)) },
);

/**
 * Multipart bodies for the upload API and the cart action: files under the right and wrong field names,
 * wrong declared types and names, two files, personalisation fields with hostile names and values.
 */
const multipartBodies: fc.Arbitrary<MultipartBody> = fc
  .record({
    files: fc.array(
      fc.record({
        field: fc.constantFrom('file', 'image', 'personalization.engraving_image', 'personalization.x', ''),
        name: fc.constantFrom('a.png', 'poza.jpg', '../../etc/passwd', 'x.svg', '', 'a\u0000.png', 'ă ș.webp'),
        type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', ''),
        bytes: fileBytes,
      }),
      { maxLength: 2 },
    ),
    fields: fc.dictionary(
      fc.constantFrom(
        'intent',
        'productId',
        'quantity',
        'redirectTo',
        'personalization.engraving_text',
        'personalization.engraving_colour',
        'personalization.__proto__',
        'personalization.',
        'personalization.a.b',
      ),
      fc.oneof(fc.constantFrom('add', '1', '99', 'Auriu', '/pages/cart', '//evil.test'), fc.string({ maxLength: 60 })),
    ),
  })
  .map(({ files, fields }) => {
    // Written out by hand: fast-check needs the body at once, and FormData encodes only asynchronously.
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const f of files) {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`;
      parts.push(Buffer.from(head), f.bytes, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
  });

/** The fields of the account forms and calls (issue 9). */
const ACCOUNT_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'password',
  'password_confirmation',
  'terms',
  'token',
  'redirectTo',
  // The profile's forms and calls.
  'intent',
  // Conform's reserved fields (its list buttons' intent as JSON, its state), read before any schema.
  '__intent__',
  '__state__',
  'notifications',
  'old_pass',
  'new_pass',
  'new_pass_confirmation',
] as const;

const bodies = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '{',
    '{"event":"clipboard_copy_failed"}',
    '[]',
    'null',
    '"x"',
    'a=1&a=2&name=%00',
    '<a/>',
    '\u0000',
    '__intent__=zzz&name=x',
    '__intent__=%7B%22type%22%3A%22insert%22%2C%22payload%22%3A%7B%22name%22%3A%22name%22%7D%7D&name=x',
    '__intent__=null',
    '__state__=%7B',
  ),
  fc
    .dictionary(
      fc.constantFrom(
        'event',
        'detail',
        'path',
        'name',
        'email',
        'message',
        'subject',
        'consent',
        'lang',
        'back',
        'productId',
        'quantity',
        'items',
        'personalization',
        ...ACCOUNT_FIELDS,
        ...ADDRESS_FIELDS,
      ),
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.integer(),
        fc.array(fc.string()),
        fc.constant(null),
        fc.constantFrom(1, 2, 99, 100, 0, -1, 1.5, 2 ** 31),
        fc.dictionary(fc.string({ maxLength: 45 }), fc.oneof(fc.string({ maxLength: 1200 }), fc.integer())),
        fc.array(fc.record({ id: fc.oneof(fc.integer(), fc.string()), requested_quantity: fc.integer() }), {
          maxLength: 120,
        }),
      ),
    )
    .map((o) => JSON.stringify(o)),
  fc
    .dictionary(
      fc.constantFrom(
        'name',
        'email',
        'subject',
        'message',
        'consent',
        'lang',
        'currency',
        'back',
        'choice',
        'analytics',
        'intent',
        'productId',
        'lineId',
        'quantity',
        'redirectTo',
        ...ACCOUNT_FIELDS,
        ...ADDRESS_FIELDS,
        ...CHECKOUT_FIELDS,
      ),
      fc.oneof(
        encoded,
        checkoutValues,
        fc.constantFrom(
          'add',
          'set-quantity',
          'remove',
          'clear',
          '1',
          '2',
          '99',
          '100',
          '//evil.test',
          'necessary',
          'analytics',
          'settings',
          'on',
        ),
      ),
    )
    .map((o) =>
      Object.entries(o)
        .map(([k, v]) => `${k}=${v}`)
        .join('&'),
    ),
  fc.nat({ max: 2 }).map((n) => 'x'.repeat(1000 * 10 ** n)),
  multipartBodies,
);

/** Hostile request headers, most requests having none of them. */
const headers = fc.record(
  {
    host: fc.constantFrom('', 'a b', 'shop.test:99999', '[::1', 'shop.test\u0000', 'xn--', '..'),
    'x-forwarded-host': fc.constantFrom('', 'evil.test', 'a b', '\u0000', 'shop.test, evil.test'),
    'x-forwarded-proto': fc.constantFrom('', 'javascript', 'ht tp', 'https, http', '\u0000'),
    'accept-language': fc.constantFrom('', '*', 'en;q=abc', 'x'.repeat(2000)),
    cookie: fc.constantFrom(
      'lang=en',
      'lang=%00',
      'currency=EUR',
      'currency=XXX%00',
      'lang=en; lang=ro',
      '=;=;',
      'a',
      'cart=%00',
      `cart=${'A'.repeat(43)}`,
      'cart=a; cart=b',
      // The order-registered page's signed receipt, forged.
      `last_order=1.${'A'.repeat(43)}`,
      `last_order=99999999999.${'A'.repeat(43)}`,
      'last_order=%00',
      'last_order=1.; last_order=2.',
    ),
    // Writes pass the origin check only from the shop's own origin, so some hostile bodies reach the handlers.
    origin: fc.constantFrom('http://shop.test', 'http://evil.test', 'null'),
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', '', 'a/b;q=x'),
  },
  { requiredKeys: [] },
);

function requests(route: Route) {
  return fc
    .record({
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(route.method) },
        { weight: 2, arbitrary: fc.constantFrom(...METHODS) },
      ),
      path: pathFor(route.path),
      query: queryString(route.query),
      contentType: route.bodies
        ? fc.oneof({ weight: 6, arbitrary: fc.constant('application/x-www-form-urlencoded') }, contentTypes)
        : contentTypes,
      body: route.bodies ? fc.oneof({ weight: 6, arbitrary: route.bodies }, bodies) : bodies,
      headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: headers }),
    })
    .map(({ method, path, query, contentType, body, headers }): InjectOptions => {
      const withBody = method !== 'GET' && method !== 'HEAD' && body !== undefined;
      const all: Record<string, string> = { ...headers };
      const multipart = typeof body === 'object' ? body : null;
      // A multipart body keeps its own boundary most of the time; otherwise any declared type goes.
      const type = multipart && contentType !== 'text/plain' ? multipart.contentType : contentType;
      if (withBody && type !== undefined) all['content-type'] = type;
      return {
        method: method as InjectOptions['method'],
        url: `${path}${query}`,
        headers: all,
        ...(withBody ? { payload: multipart ? multipart.payload : body } : {}),
      };
    });
}

/**
 * Every page route of web/routes.ts, read from the pages' build (the server may not import web code),
 * the static pages fuzzed together as one route (they share one module), and the plain routes.
 */
function pageRoutes(build: ServerBuild): Route[] {
  const listing = ['searchText', 'productType', 'category', 'selectVal', 'sortBy', 'author', 'publisher', 'binding'];
  const more = ['language', 'translation', 'min_price', 'max_price', 'in_stock', 'on_sale', 'page', 'limit', 'q'];
  const queryOf: Record<string, string[]> = {
    'routes/shop': [...listing, ...more],
    'routes/search': [...listing, ...more],
    'routes/cases': ['status', 'page', 'per_page', 'min_price', 'max_price', 'category_id', 'sortBy', 'view'],
    'blog-grid': ['page', 'per_page', 'category', 'tag', 'search', 'type'],
    'blog-list': ['page', 'per_page', 'category', 'tag', 'search', 'type'],
    'routes/blog': ['page', 'per_page'],
    'routes/preferences': ['lang', 'currency', 'back'],
    'routes/consent': ['choice', 'analytics', 'back'],
    'routes/compare': ['ids'],
    'routes/profile': ['tab', 'avatar', 'page'],
    'routes/login': ['redirectTo', 'status'],
    'routes/register': ['redirectTo'],
    'routes/forgot': ['email', 'link'],
    'routes/reset-password': ['token', 'email'],
    'routes/address-new': ['type'],
    'routes/checkout': ['country', 'carrier', 'payment', 'location', 'donation', 'coupon'],
    'routes/order-registered': ['payment'],
    'routes/guest-order': [],
    'routes/payment-return': ['xid', 'ntpID', 'orderId', 'paRes'],
    'routes/admin/login': ['redirectTo', 'status'],
    'routes/admin/password': ['status'],
    'routes/admin/audit': ['staff', 'entity', 'from', 'to', 'page'],
    'routes/admin/orders': ['status', 'payment', 'carrier', 'country', 'from', 'to', 'q', 'sort', 'page'],
    'routes/admin/shipping': ['carrier', 'country'],
    'routes/admin/places': ['kind', 'q', 'page'],
    'routes/admin/settings': [],
    'routes/admin/orders-export': ['status', 'payment', 'carrier', 'country', 'from', 'to', 'q', 'sort', 'page'],
    'routes/admin/cases': ['q', 'status', 'page'],
    'routes/admin/blog': ['q', 'state', 'page'],
    'routes/admin/coupons': ['q', 'page'],
    'routes/admin/messages': ['state', 'page'],
    'routes/admin/case-edit': ['status'],
    'admin-case-new': ['status'],
    'routes/admin/blog-edit': ['status'],
    'admin-blog-new': ['status'],
    'routes/admin/coupon-edit': ['status'],
    'admin-coupon-new': ['status'],
    'routes/admin/message': ['status'],
    'routes/admin/statistics': ['status'],
    'routes/admin/products': ['q', 'category', 'stock', 'archived', 'sort', 'page'],
    'admin-product-edit': ['created'],
  };
  const posted = new Set([
    'routes/contact',
    'routes/cart',
    'routes/preferences',
    'routes/consent',
    'routes/login',
    'routes/register',
    'routes/forgot',
    'routes/reset-password',
    'routes/logout',
    'routes/profile',
    'routes/profile-avatar',
    'routes/address-new',
    'routes/address-edit',
    'routes/address-delete',
    'routes/checkout',
    'routes/payment-return',
    'routes/admin/login',
    'routes/admin/logout',
    'routes/admin/password',
    'routes/admin/totp-setup',
    'routes/admin/staff',
    'routes/admin/shipping',
    'routes/admin/places',
    'routes/admin/settings',
    'routes/admin/order',
    'admin-case-new',
    'routes/admin/case-edit',
    'admin-blog-new',
    'routes/admin/blog-edit',
    'admin-coupon-new',
    'routes/admin/coupon-edit',
    'routes/admin/message',
    'routes/admin/statistics',
    'admin-product-new',
    'admin-product-edit',
    'routes/admin/product-import',
    'routes/admin/categories',
  ]);
  // A nested route's path is relative to its parent's (the back office's pages under `admin`).
  const fullPath = (id: string): string => {
    const r = build.routes[id];
    const own = r?.index ? '' : (r?.path ?? '');
    const parent = r?.parentId && r.parentId !== 'root' ? fullPath(r.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  const out: Route[] = [];
  let staticPages = false;
  for (const id of Object.keys(build.routes)) {
    if (id === 'root') continue;
    if (id.startsWith('static-')) {
      if (staticPages) continue;
      staticPages = true;
      out.push({ path: '/pages/:staticSlug', method: 'GET', query: ['page'] });
      continue;
    }
    const method = posted.has(id) ? 'POST' : 'GET';
    out.push({
      path: `/${fullPath(id)}`,
      method,
      query: queryOf[id] ?? ['page'],
      ...(id === 'routes/checkout' ? { bodies: checkoutForms } : {}),
    });
  }
  // The plain Fastify routes beside the pages: covers, illustrations, staff pictures, sitemap, robots.txt, health checks.
  for (const path of [
    '/covers/:sku/:file',
    '/illustrations/:file',
    '/media/:file',
    '/sitemap-:part',
    '/sitemap.xml',
    '/robots.txt',
  ]) {
    out.push({ path, method: 'GET', query: ['page'] });
  }
  out.push({ path: '/healthz', method: 'GET', query: [] }, { path: '/readyz', method: 'GET', query: [] });
  // The built-in NETOPIA simulator (no keys in tests): its API, card and 3-D Secure pages.
  out.push(
    { path: '/netopia-sim/sim.css', method: 'GET', query: [] },
    { path: '/netopia-sim/pay/:ntpID', method: 'GET', query: [] },
    { path: '/netopia-sim/pay/:ntpID', method: 'POST', query: [] },
    { path: '/netopia-sim/3ds/:ntpID', method: 'GET', query: [] },
    { path: '/netopia-sim/3ds/:ntpID', method: 'POST', query: [] },
    { path: '/netopia-sim/payment/card/start', method: 'POST', query: [] },
    { path: '/netopia-sim/payment/card/verify-auth', method: 'POST', query: [] },
    { path: '/netopia-sim/operation/status', method: 'POST', query: [] },
  );
  return out;
}

function staticSlugPath(path: string): string {
  // A static page's slug is a known one most of the time, so the page itself is reached.
  return path.replace(/^\/pages\/([^/?]*)/, (whole, slug: string) =>
    slug.length % 3 === 0 ? whole : `/pages/${STATIC_PAGE_SLUGS[slug.length % STATIC_PAGE_SLUGS.length]}`,
  );
}

describe.each(testDatabases)('fuzzing every route on $name', ({ url }) => {
  // The address data and carriers as the shop starts with them (main.ts), so the checkout reaches its checks.
  // The pages render in a render thread, as in production (decision 034): whatever a hostile request makes a
  // page throw crosses the threads and must still be its 4xx.
  const { shop, build, db } = useSeededApp(
    url,
    async (testDb) => {
      await seedDemoData(testDb.db, 60);
      await importGeography(testDb.db, writeAddressFixture(), silentLogger);
      await seedShippingData(testDb.db, { demo: true });
    },
    { pages: true, renderThreads: 1 },
  );

  /** `cookie`: sent with every request that carries none of its own (a logged-in client's session). */
  async function fuzz(list: Route[], cookie?: string): Promise<void> {
    /** The 5xx answers, grouped by route, method and answer, with one request of each group to reproduce it. */
    const failures = new Map<string, { count: number; example: string }>();
    let failed = 0;
    const queue = list.flatMap((route, i) =>
      fc.sample(requests(route), { numRuns: RUNS, seed: SEED + i }).map((request) => ({ route, request })),
    );
    const total = queue.length;
    // A few requests in flight at once, as a browser and a crawler would send them.
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { route, request } = next;
        if (route.path === '/pages/:staticSlug') request.url = staticSlugPath(String(request.url));
        if (cookie) request.headers = { cookie, ...request.headers };
        const res = await shop.app.inject(request);
        if (res.statusCode < 500) continue;
        failed++;
        const key = `${route.path} ${request.method} → ${res.statusCode} ${res.body.replace(/\s+/g, ' ').slice(0, 100)}`;
        const group = failures.get(key) ?? {
          count: 0,
          example: `${String(request.url).slice(0, 150)} ${JSON.stringify(request.headers).slice(0, 200)}`,
        };
        group.count++;
        failures.set(key, group);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(total).toBeGreaterThanOrEqual(list.length * RUNS);
    const report = [...failures].map(([key, { count, example }]) => `${count}× ${key}\n    e.g. ${example}`);
    expect(failed, `FUZZ_SEED=${SEED}: ${failed} of ${total} answers were 5xx:\n${report.join('\n')}`).toBe(0);
  }

  it(`sends ${RUNS} hostile requests to every route of the OpenAPI document`, async () => {
    const doc: { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> } = (
      await shop.app.inject({ url: '/api/openapi.json' })
    ).json();
    const api: Route[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({
        path,
        method: method.toUpperCase(),
        query: (op.parameters ?? []).map((p) => p.name),
      })),
    );
    expect(api.length).toBeGreaterThanOrEqual(9);
    await fuzz(api);
  }, 300_000);

  it(`sends ${RUNS} hostile requests to every page route and the plain routes`, async () => {
    const pages = pageRoutes(build);
    expect(pages.length).toBeGreaterThanOrEqual(25);
    await fuzz(pages);
    // Over 30 page routes, the account actions among them: minutes on a busy two-core machine.
  }, 400_000);

  it(`sends ${RUNS} hostile requests to every profile route as a logged-in client`, async () => {
    const password = 'parola-fuzz-1';
    const { token } = await shop.services.accounts.register({
      first_name: 'Fuzz',
      last_name: 'Test',
      email: 'fuzz@example.ro',
      phone: '0744123456',
      password,
      password_confirmation: password,
      terms: 'on',
    });
    const routes: Route[] = [
      { path: '/pages/profile', method: 'GET', query: ['tab', 'avatar'] },
      { path: '/pages/profile', method: 'POST', query: ['tab'] },
      { path: '/pages/profile/avatar', method: 'POST', query: [] },
      { path: '/api/auth/profile', method: 'GET', query: [] },
      { path: '/api/auth/profile', method: 'PATCH', query: [] },
      { path: '/api/auth/change-password', method: 'POST', query: [] },
      { path: '/api/auth/notifications', method: 'PUT', query: [] },
      { path: '/api/auth/avatar', method: 'PUT', query: [] },
      { path: '/api/auth/avatar', method: 'GET', query: ['v'] },
      { path: '/api/auth/avatar', method: 'DELETE', query: [] },
      { path: '/api/client-order', method: 'GET', query: ['page'] },
      { path: '/api/client-order/download-invoice/:id', method: 'GET', query: ['key'] },
    ];
    await fuzz(routes, `${SESSION_COOKIE}=${token}`);
    // Nothing the fuzzer sent could be a valid password change: the session and the password still work.
    await expect(shop.services.accounts.login({ email: 'fuzz@example.ro', password })).resolves.toBeDefined();
  }, 150_000);
  it(`sends ${RUNS} hostile requests to every back-office page and /api/admin route as a signed-in admin`, async () => {
    const { token } = await createTestStaff(shop, 'admin');
    const pages = pageRoutes(build).filter((r) => r.path.startsWith('/admin') && r.path !== '/admin/logout');
    const doc: { paths: Record<string, Record<string, unknown>> } = (
      await shop.app.inject({ url: '/api/openapi.json' })
    ).json();
    const api: Route[] = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({ path, method: method.toUpperCase(), query: [] })),
      );
    expect(pages.length).toBeGreaterThanOrEqual(7);
    expect(api.length).toBeGreaterThanOrEqual(2);
    const cookie = `${STAFF_SESSION_COOKIE}=${token}`;
    await fuzz([...pages, ...api, { path: '/api/admin/*', method: 'GET', query: ['page'] }], cookie);
    // The admin was neither logged out nor locked out by what the fuzzer posted.
    expect(await shop.services.staff.sessionStaff(token)).not.toBeNull();
    // Longer since the catalogue's five pages joined (the product editor's form is the largest).
  }, 600_000);

  it(`sends ${RUNS} hostile checkout forms to the checkout with a filled cart, as a guest and as a client`, async () => {
    // A product in the cart whose stock is then gone: every form the checks let through reaches the stock
    // check in the order's transaction and is rolled back there, so the cart stays full for the next request.
    const [product] = await db.db.select({ id: products.id }).from(products).limit(1);
    await db.db.update(products).set({ quantity: 5, isInStock: 1 }).where(eq(products.id, product.id));
    const cartOf = async (cookie: string) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: { origin: 'http://shop.test', cookie },
        payload: { productId: product.id, quantity: 2 },
      });
      expect(res.statusCode).toBe(200);
      const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('cart='));
      return set ? String(set).split(';')[0] : '';
    };
    const guest = await cartOf('');
    const { client, token } = await createTestClient(shop);
    await shop.services.addresses.create(
      client.id,
      addressInputSchema.parse({
        address_type: 'billing',
        is_company: false,
        first_name: 'Maria',
        last_name: 'Ionescu',
        phone: '0744 123 456',
        ...ARAD_PLACE,
      }),
    );
    const session = `${SESSION_COOKIE}=${token}`;
    await cartOf(session);
    await db.db.update(products).set({ quantity: 0 }).where(eq(products.id, product.id));
    const choices = ['country', 'carrier', 'payment', 'location', 'donation', 'coupon'];
    const routes: Route[] = [
      { path: '/pages/checkout', method: 'POST', query: [], bodies: checkoutForms },
      { path: '/pages/checkout.data', method: 'POST', query: [], bodies: checkoutForms },
      { path: '/pages/checkout', method: 'GET', query: choices },
      { path: '/pages/checkout.data', method: 'GET', query: choices },
      { path: '/pages/order-registered', method: 'GET', query: [] },
    ];
    await fuzz(routes, guest);
    await fuzz(routes, session);
    // Nothing was ordered: the stock check refused every form that passed the others.
    expect(await db.db.$count(orders)).toBe(0);
  }, 400_000);
});
