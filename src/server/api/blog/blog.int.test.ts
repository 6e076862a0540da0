import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

describe.each(testDatabases)('blog API on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 50);

  const get = (path: string) => shop.app.inject({ url: path });

  it('lists posts newest first, the rows in data, with the page figures', async () => {
    const res = await get('/api/blogs?per_page=4');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 4, last_row: 12, last_page: 3 });
    expect(body.data).toHaveLength(4);
    const dates = body.data.map((p: { date: string }) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data[0]).not.toHaveProperty('desc');
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['id', 'img', 'date', 'author', 'title', 'tags', 'category', 'comments', 'sm_desc']),
    );
  });

  it('filters by blog type, category, tag and search text', async () => {
    const grid = (await get('/api/blogs?type=blog-grid&per_page=60')).json();
    expect(grid.last_row).toBe(9);
    expect(grid.data.every((p: { blog: string }) => p.blog === 'blog-grid')).toBe(true);
    const biblii = (await get(`/api/blogs?category=${encodeURIComponent('Biblii')}`)).json();
    expect(biblii.last_row).toBe(3);
    const tagged = (await get('/api/blogs?tag=voluntariat')).json();
    expect(tagged.data.every((p: { tags: string[] }) => p.tags.includes('voluntariat'))).toBe(true);
    const found = (await get(`/api/blogs?search=${encodeURIComponent('traducerii')}`)).json();
    expect(found.data.map((p: { title: string }) => p.title)).toEqual(['Povestea traducerii Bibliei în limba română']);
    expect((await get('/api/blogs?search=%25')).json().last_row).toBe(0);
  });

  it('a page past the end is empty, not an error', async () => {
    const res = await get('/api/blogs?page=99');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_page: 99, last_page: 2, data: [] });
  });

  it('answers one post by id, with sanitised HTML and its neighbours', async () => {
    const list = (await get('/api/blogs?per_page=3')).json();
    const middle = list.data[1];
    const res = await get(`/api/blogs/${middle.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.post.title).toBe(middle.title);
    expect(body.post.desc).toContain('<p>');
    expect(body.next.id).toBe(list.data[0].id);
    expect(body.previous.id).toBe(list.data[2].id);
  });

  it.each([
    ['/api/blogs/999999', 404],
    ['/api/blogs/abc', 400],
    ['/api/blogs/0', 400],
    ['/api/blogs/1.5', 400],
    ['/api/blogs?per_page=0', 400],
    ['/api/blogs?per_page=10000', 400],
    ['/api/blogs?page=-1', 400],
    ['/api/blogs?type=newspaper', 400],
    [`/api/blogs?search=${'x'.repeat(101)}`, 400],
  ])('%s answers %i with the error shape', async (path, status) => {
    const res = await get(path);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(status === 404 ? 'NOT_FOUND' : 'VALIDATION');
  });

  it('names the bad field, in the language of the lang cookie (Romanian by default)', async () => {
    const res = await get('/api/blogs?per_page=10000');
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Datele trimise nu sunt valide.',
      fields: { per_page: 'Numărul de rânduri pe pagină trebuie să fie un număr întreg între 1 și 60.' },
    });
    const en = await shop.app.inject({ url: '/api/blogs?per_page=10000', cookies: { lang: 'en' } });
    expect(en.json().error).toEqual({
      code: 'VALIDATION',
      message: 'The data sent is not valid.',
      fields: { per_page: 'Rows per page must be a whole number between 1 and 60.' },
    });
  });
});
