import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

interface CaseBody {
  id: number;
  slug: string;
  status: string;
  status_friendly_name: string;
  necessary_sum: { sum: number; currency: string };
  category: { id: number };
  remaining_days: number;
}

describe.each(testDatabases)('humanitarian cases API on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 50);

  const get = (path: string) => shop.app.inject({ url: path });

  it('lists 9 per page by default with current_page, last_page, per_page, last_row and data', async () => {
    const res = await get('/api/humanitarian-cases');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 9, last_row: 20, last_page: 3 });
    expect(body.data).toHaveLength(9);
  });

  it('filters by status, shown as activ and finalizat', async () => {
    const active = (await get('/api/humanitarian-cases?status=active&per_page=60')).json();
    const closed = (await get('/api/humanitarian-cases?status=closed&per_page=60')).json();
    expect(active.last_row + closed.last_row).toBe(20);
    expect(active.data.every((c: CaseBody) => c.status === 'active' && c.status_friendly_name === 'activ')).toBe(true);
    expect(closed.data.every((c: CaseBody) => c.status_friendly_name === 'finalizat' && c.remaining_days === 0)).toBe(
      true,
    );
  });

  it('filters by needed sum in lei and by a comma list of categories', async () => {
    const cheap = (await get('/api/humanitarian-cases?min_price=2000&max_price=3000&per_page=60')).json();
    expect(cheap.last_row).toBeGreaterThan(0);
    for (const c of cheap.data as CaseBody[]) {
      expect(c.necessary_sum.sum).toBeGreaterThanOrEqual(200_000);
      expect(c.necessary_sum.sum).toBeLessThanOrEqual(300_000);
    }
    const all = (await get('/api/humanitarian-cases?per_page=60')).json().data as CaseBody[];
    const two = [...new Set(all.map((c) => c.category.id))].slice(0, 2);
    const inTwo = (await get(`/api/humanitarian-cases?category_id=${two.join(',')}&per_page=60`)).json();
    expect(inTwo.last_row).toBe(all.filter((c) => two.includes(c.category.id)).length);
  });

  it('sorts by needed sum both ways', async () => {
    const asc = (await get('/api/humanitarian-cases?sortBy=sum_asc&per_page=60')).json().data as CaseBody[];
    const sums = asc.map((c) => c.necessary_sum.sum);
    expect(sums).toEqual([...sums].sort((a, b) => a - b));
    const desc = (await get('/api/humanitarian-cases?sortBy=sum_desc&per_page=1')).json().data as CaseBody[];
    expect(desc[0].necessary_sum.sum).toBe(Math.max(...sums));
  });

  it('answers one case by id and the first active case', async () => {
    const first = (await get('/api/humanitarian-cases?per_page=1')).json().data[0] as CaseBody;
    const res = await get(`/api/humanitarian-cases/${first.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slug).toBe(first.slug);
    expect(body.slug).toMatch(new RegExp(`-${first.id}$`));
    expect(body.donations[0].currencies[0]).toHaveProperty('account_number');
    expect(body.case_manager).toHaveProperty('schedule');
    const active = await get('/api/humanitarian-cases/first-active');
    expect(active.statusCode).toBe(200);
    expect(active.json().status).toBe('active');
  });

  it('speaks English status names to an English visitor', async () => {
    const res = await shop.app.inject({ url: '/api/humanitarian-cases?status=closed', cookies: { lang: 'en' } });
    expect(res.json().data[0].status_friendly_name).toBe('closed');
  });

  it.each([
    ['/api/humanitarian-cases/999999', 404, undefined],
    ['/api/humanitarian-cases/abc', 400, 'id'],
    ['/api/humanitarian-cases?per_page=0', 400, 'per_page'],
    ['/api/humanitarian-cases?per_page=10000', 400, 'per_page'],
    ['/api/humanitarian-cases?min_price=5000&max_price=100', 400, 'max_price'],
    ['/api/humanitarian-cases?status=pending', 400, 'status'],
    ['/api/humanitarian-cases?min_price=-5', 400, 'min_price'],
    ['/api/humanitarian-cases?category_id=1,a', 400, 'category_id'],
    ['/api/humanitarian-cases?sortBy=random', 400, 'sortBy'],
    ['/api/humanitarian-cases?page=0', 400, 'page'],
  ])('%s answers %i', async (path, status, field) => {
    const res = await get(path);
    expect(res.statusCode).toBe(status);
    const { error } = res.json();
    if (field) expect(Object.keys(error.fields)).toEqual([field]);
    else expect(error.code).toBe('NOT_FOUND');
  });

  it('a page past the end is empty', async () => {
    const res = await get('/api/humanitarian-cases?page=50');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_page: 50, last_page: 3, data: [] });
  });

  it('logs browser-reported failures and refuses unknown events', async () => {
    const ok = await shop.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { event: 'clipboard_copy_failed', detail: 'NotAllowedError', path: '/pages/coupons' },
    });
    expect(ok.statusCode).toBe(204);
    const bad = await shop.app.inject({ method: 'POST', url: '/api/client-log', payload: { event: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});
