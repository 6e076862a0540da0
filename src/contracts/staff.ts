import { z } from 'zod';
import { changePasswordSchema, emailSchema, PASSWORD_MAX } from './accounts';
import { blankAsMissing } from './pagination-values';
import { pageNumberSchema } from './pagination';
import { isPlainLine } from './validation';

/**
 * The back office's staff (issue 13 item 1): who they are, what each role may open, and the schemas of
 * the admin forms, shared by the browser (Conform) and the server.
 */
export const STAFF_ROLES = ['admin', 'operator', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles that must have a TOTP second factor before any admin page other than its setup opens. */
export const TOTP_REQUIRED_ROLES: readonly StaffRole[] = ['admin', 'operator'];

/** The staff session's cookie, apart from the client's `sid`: httpOnly, SameSite=Lax, Path=/. */
export const STAFF_SESSION_COOKIE = 'staff_sid';

/**
 * What each part of the back office is, and who may open it: the one role guard, read by the pages
 * (web/features/admin/require-staff.server.ts) and the API (server/api/admin). Issue 13: admin does
 * everything; operator orders, shipping and stock; editor cases, blog, coupons and pages.
 */
export const ADMIN_AREAS = {
  dashboard: ['admin', 'operator', 'editor'],
  orders: ['admin', 'operator'],
  /** Products (every field), categories, prices: the admin. */
  catalogue: ['admin'],
  /** Stock levels (a product's stock, the stock CSV import): the admin and the operator. */
  stock: ['admin', 'operator'],
  /** Humanitarian cases, blog posts, coupons, the contact inbox, the about page's statistics. */
  content: ['admin', 'editor'],
  /** Carriers, rates, free-shipping minimums, pickup points and lockers, the depot. */
  shipping: ['admin', 'operator'],
  /** The association's invoice details and series, the BNR exchange rates. */
  settings: ['admin'],
  audit: ['admin'],
  staff: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

export function canOpen(role: StaffRole, area: AdminArea): boolean {
  return (ADMIN_AREAS[area] as readonly StaffRole[]).includes(role);
}

/**
 * The back office's menu, in its order: each screen's path, the area that guards it (a member sees only
 * what their role opens) and its label's message key. A new screen adds its line here.
 */
export const ADMIN_MENU = [
  { to: '/admin', area: 'dashboard', label: 'admin.nav.dashboard' },
  { to: '/admin/orders', area: 'orders', label: 'admin.nav.orders' },
  { to: '/admin/cases', area: 'content', label: 'admin.nav.cases' },
  { to: '/admin/blog', area: 'content', label: 'admin.nav.blog' },
  { to: '/admin/coupons', area: 'content', label: 'admin.nav.coupons' },
  { to: '/admin/messages', area: 'content', label: 'admin.nav.messages' },
  { to: '/admin/statistics', area: 'content', label: 'admin.nav.statistics' },
  { to: '/admin/products', area: 'stock', label: 'admin.nav.products' },
  { to: '/admin/categories', area: 'catalogue', label: 'admin.nav.categories' },
  { to: '/admin/products/import', area: 'stock', label: 'admin.nav.productImport' },
  { to: '/admin/audit', area: 'audit', label: 'admin.nav.audit' },
  { to: '/admin/staff', area: 'staff', label: 'admin.nav.staff' },
  { to: '/admin/shipping', area: 'shipping', label: 'admin.nav.shipping' },
  { to: '/admin/places', area: 'shipping', label: 'admin.nav.places' },
  { to: '/admin/settings', area: 'settings', label: 'admin.nav.settings' },
] as const satisfies readonly { to: string; area: AdminArea; label: `admin.nav.${string}` }[];

/** The logged-in staff member as pages and the API see them (never the hash or the TOTP secret). */
export interface CurrentStaff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  mustChangePassword: boolean;
  totpEnabled: boolean;
}

/** What a staff member still has to do before the back office opens, or null when nothing. */
export function pendingStep(staff: CurrentStaff): 'password' | 'totp' | null {
  if (staff.mustChangePassword) return 'password';
  if (!staff.totpEnabled && TOTP_REQUIRED_ROLES.includes(staff.role)) return 'totp';
  return null;
}

/** Six digits from an authenticator app; spaces (as apps show them, "123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: 'validation.admin.codeRequired' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.admin.codeRequired' })
      .regex(/^\d{6}$/, { error: 'validation.admin.codeFormat' }),
  );

/** `/admin/login`: the code is required only of staff who set up TOTP (the service decides). */
export const staffLoginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.account.passwordRequired' })
    .min(1, { error: 'validation.account.passwordRequired' })
    .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' }),
  code: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), totpCodeSchema.optional()),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/** `/admin/totp-setup`: the code the app shows for the secret on the page. */
export const totpConfirmSchema = z.object({ code: totpCodeSchema });

/** `/admin/password`: the clients' rule (old, new twice), with the same messages. */
export const staffPasswordSchema = changePasswordSchema;

const staffNameSchema = z
  .string({ error: 'validation.admin.nameRequired' })
  .trim()
  .min(1, { error: 'validation.admin.nameRequired' })
  .max(100, { error: 'validation.account.nameLong' })
  .refine(isPlainLine, { error: 'validation.controlCharacters' });

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'validation.admin.role' });

const staffIdSchema = z.coerce
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .min(1, { error: 'validation.id' })
  .max(2_000_000_000, { error: 'validation.id' });

/** The staff screen's forms, one schema with an `intent` per button (each form works without JavaScript). */
export const staffActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('create'), email: emailSchema, name: staffNameSchema, role: staffRoleSchema }),
    z.object({ intent: z.literal('role'), id: staffIdSchema, role: staffRoleSchema }),
    z.object({ intent: z.literal('disable'), id: staffIdSchema }),
    z.object({ intent: z.literal('enable'), id: staffIdSchema }),
    z.object({ intent: z.literal('reset-totp'), id: staffIdSchema }),
    z.object({ intent: z.literal('reset-password'), id: staffIdSchema }),
  ],
  { error: 'validation.admin.intent' },
);
export type StaffActionInput = z.infer<typeof staffActionSchema>;
export type NewStaffInput = Extract<StaffActionInput, { intent: 'create' }>;

/** A staff member as the staff screen lists them. */
export interface StaffListItem {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  enabled: boolean;
  totpEnabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

/** What the audit trail records of a write: the entity kinds written so far. */
export const AUDIT_ENTITIES = [
  'staff',
  'order',
  'carrier',
  'rate',
  'gls-locker',
  'pickup-point',
  'settings',
  'rates',
  'case',
  'blog_post',
  'coupon',
  'contact_message',
  'statistics',
  'product',
  'category',
] as const;
export const AUDIT_PAGE_SIZE = 50;

/** A Bucharest calendar day in a query (`from`, `to`), YYYY-MM-DD; blank is no filter. */
export const dayQuerySchema = z.preprocess(
  blankAsMissing,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.admin.date' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.admin.date' })
    .optional(),
);

/** `/admin/audit`'s query: filters by staff member, entity and Bucharest days (inclusive), a page. */
export const auditQuerySchema = z
  .object({
    staff: z.preprocess(blankAsMissing, staffIdSchema.optional()),
    entity: z.preprocess(
      blankAsMissing,
      z
        .string()
        .max(40, { error: 'validation.admin.entity' })
        .regex(/^[a-z_-]+$/, { error: 'validation.admin.entity' })
        .optional(),
    ),
    from: dayQuerySchema,
    to: dayQuerySchema,
    page: pageNumberSchema,
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditRow {
  id: number;
  at: string;
  staffId: number;
  staffName: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  rows: AuditRow[];
  total: number;
  page: number;
  lastPage: number;
}

/** The dashboard's figures (issue 13): amounts in bani, "today" and "this month" in Bucharest. */
export interface DashboardFigures {
  today: { orders: number; revenue: number };
  awaitingPayment: number;
  awaitingShipping: number;
  lowStock: { id: number; title: string; sku: string; quantity: number }[];
  donationsThisMonth: { count: number; amount: number };
}

/** A product with this many pieces or fewer (and not marked out of stock) shows as low stock. */
export const LOW_STOCK_THRESHOLD = 3;
