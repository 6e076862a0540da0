import { eq } from 'drizzle-orm';
import {
  type DepotAddress,
  depotSchema,
  type InvoiceSettings,
  invoiceSettingsSchema,
} from '../../contracts/admin-shipping';
import type { InvoiceSeller } from '../../contracts/invoices';
import type { Db } from '../../db/client';
import { invoiceSeries, shopSettings } from '../../db/schema';
import { type DbOrTx, withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/audit';
import type { CacheRegistry } from '../cache/registry';

/** The first values, until staff save their own: the configuration's (invoice) and the code's (depot). */
export interface SettingsDefaults {
  invoice: { series: string; seller: InvoiceSeller };
  depot: DepotAddress;
}

/** What new invoices are issued with: the seller as the invoice prints it and the series they are numbered in. */
export interface InvoiceIssuer {
  series: string;
  seller: InvoiceSeller;
}

const toIssuer = ({ series, ...seller }: InvoiceSettings): InvoiceIssuer => ({ series, seller });
const toSettings = ({ series, seller }: InvoiceIssuer): InvoiceSettings => ({ ...seller, series });

/**
 * The settings staff keep in the database (decision 024): the association's invoice details and series, and
 * the depot's address. A stored value that no longer passes its schema (edited by hand) is ignored for the
 * default rather than printed on an invoice.
 */
export function createSettingsService(db: Db, caches: CacheRegistry, defaults: SettingsDefaults) {
  // The depot is read by every checkout page and order: held until a shipping write clears `carriers`.
  const depotCache = caches.ttlCache<DepotAddress>('settings.depot', ['carriers'], { max: 1, ttlMs: 60_000 });

  async function stored(on: DbOrTx, key: string): Promise<unknown> {
    const [row] = await on.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
    return row?.value;
  }

  /** The invoice details in force, read on `on` (the issuing transaction, so a save commits before or after it). */
  async function issuer(on: DbOrTx): Promise<InvoiceIssuer> {
    const parsed = invoiceSettingsSchema.safeParse(await stored(on, 'invoice'));
    return parsed.success ? toIssuer(parsed.data) : defaults.invoice;
  }

  async function depot(): Promise<DepotAddress> {
    return depotCache.get('depot', async () => {
      const parsed = depotSchema.safeParse(await stored(db, 'depot'));
      return parsed.success ? { ...parsed.data, country_id: 'RO' } : defaults.depot;
    });
  }

  return {
    issuer,
    depot,

    /** The settings screen's values, and the last number issued in the series (null: none yet). */
    async invoice(): Promise<InvoiceSettings & { lastNumber: number | null }> {
      const current = await issuer(db);
      const [counter] = await db
        .select({ last: invoiceSeries.last })
        .from(invoiceSeries)
        .where(eq(invoiceSeries.series, current.series));
      return { ...toSettings(current), lastNumber: counter?.last ?? null };
    },

    /**
     * Saves the invoice details for invoices issued from now on; issued ones keep their copy of the seller and
     * their number. A new series starts its own counter at 1 (a series used before continues where it was).
     */
    async saveInvoice(staffId: number, input: InvoiceSettings): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = toSettings(await issuer(tx));
        await tx
          .insert(shopSettings)
          .values({ key: 'invoice', value: input })
          .onConflictDoUpdate({ target: shopSettings.key, set: { value: input, updatedAt: new Date() } });
        await recordAudit(tx, {
          staffId,
          action: 'settings.invoice',
          entity: 'settings',
          entityId: 'invoice',
          before,
          after: input,
        });
      });
    },

    async saveDepot(staffId: number, input: Omit<DepotAddress, 'country_id'>): Promise<void> {
      const after: DepotAddress = { ...input, country_id: 'RO' };
      await withTransaction(db, async (tx) => {
        const parsed = depotSchema.safeParse(await stored(tx, 'depot'));
        const before = parsed.success ? { ...parsed.data, country_id: 'RO' } : defaults.depot;
        await tx
          .insert(shopSettings)
          .values({ key: 'depot', value: after })
          .onConflictDoUpdate({ target: shopSettings.key, set: { value: after, updatedAt: new Date() } });
        await recordAudit(tx, {
          staffId,
          action: 'settings.depot',
          entity: 'settings',
          entityId: 'depot',
          before,
          after,
        });
      });
      // The checkout shows the depot, and its HTML may be cached: both depend on `carriers`.
      caches.invalidate('carriers');
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
