import type { Db } from '../../../db/client';
import type { CacheRegistry } from '../../cache/registry';
import { createAdminBlog } from './blog';
import { createAdminCases } from './cases';
import { createAdminCoupons } from './coupons';
import { createAdminMessages } from './messages';
import { createAdminStatistics } from './statistics';

/** The back office's content screens (issue 13 item 4); every write is one transaction with its audit row. */
export function createAdminContent(db: Db, caches: CacheRegistry, now: () => Date = () => new Date()) {
  return {
    cases: createAdminCases(db, caches, now),
    blog: createAdminBlog(db, caches, now),
    coupons: createAdminCoupons(db, caches, now),
    messages: createAdminMessages(db, now),
    statistics: createAdminStatistics(db, caches),
  };
}

export type AdminContent = ReturnType<typeof createAdminContent>;
