import type { Db } from '../db/client';
import { createCatalogueService } from './catalogue/catalogue-service';
import { createStatisticsService } from './content/statistics-service';
import { createCurrencyService } from './currency/currency-service';
import { createSitemapService } from './seo/sitemap-service';

/** Every business service, built once per process around one database. */
export function createServices(db: Db) {
  return {
    catalogue: createCatalogueService(db),
    currency: createCurrencyService(db),
    statistics: createStatisticsService(db),
    sitemap: createSitemapService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
