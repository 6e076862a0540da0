import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { CART_COOKIE } from '../../../contracts/cart';
import { products } from '../../../db/schema';
import { engravingForm } from '../../../db/seed/catalogue-generator';
import { insertBibles, testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

// The pages as in production (React's production build is chosen when React is first imported).
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

const origin = 'http://shop.test';
const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#036' } })
    .png()
    .toBuffer();

/**
 * Issue 10 item 3 through the API and the one add path: a Bible whose engraving is required cannot be
 * added without it (the field says so), its line is priced with the personalisation, pictures are checked
 * before anything is written and removed again when the add fails.
 */
describe.each(testDatabases)('personalised Bibles in the cart on $name', ({ url }) => {
  let required = 0;
  let optional = 0;
  let soldOut = 0;
  const { shop } = useSeededApp(
    url,
    async (db) => {
      [required, optional, soldOut] = await insertBibles(db.db, [
        'Biblia gravată',
        'Biblia opțională',
        'Biblia epuizată',
      ]);
      const form = engravingForm();
      await db.db
        .update(products)
        .set({ hasPersonalization: true, personalizationRequired: true, personalizationForm: form })
        .where(eq(products.id, required));
      await db.db
        .update(products)
        .set({ hasPersonalization: true, personalizationForm: form })
        .where(eq(products.id, optional));
      await db.db
        .update(products)
        .set({ hasPersonalization: true, personalizationForm: form, quantity: 0 })
        .where(eq(products.id, soldOut));
    },
    { pages: true },
  );
  const uploadsDir = () => path.join(shop.config.dataDir, 'uploads');
  const stored = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).sort();

  async function addLine(body: object, cookie?: string) {
    return shop.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  }
  async function upload(): Promise<{ id: string; thumbnailUrl: string }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'poza.png');
    const response = new Response(form);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/uploads/personalization',
      headers: { origin, 'content-type': response.headers.get('content-type') ?? '' },
      payload: Buffer.from(await response.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie'] ?? '')
      .split(';')[0]
      ?.trim();

  it('refuses a Bible whose required engraving is empty, naming the field, and makes no cart', async () => {
    const res = await addLine({ productId: required, quantity: 1 });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.fields['personalization.engraving_text']).toBe(
      'Completați acest câmp: este obligatoriu pentru personalizare.',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
    const blank = await addLine({
      productId: required,
      quantity: 1,
      personalization: { engraving_text: '  ', engraving_colour: 'Auriu' },
    });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error.fields)).toEqual(['personalization.engraving_text']);
  });

  it('adds it with the engraving and a picture, priced with each filled input’s cost', async () => {
    const { id } = await upload();
    const res = await addLine({
      productId: required,
      quantity: 2,
      personalization: { engraving_text: 'Ana & Mihai 2026', engraving_colour: 'Argintiu', engraving_image: id },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toMatch(new RegExp(`^${CART_COOKIE}=`));
    const [line] = res.json().lines;
    // 50 lei Bible + 15 lei engraving + 25 lei picture, twice.
    expect(line).toMatchObject({ productId: required, quantity: 2, unitPrice: 5000, personalizationPrice: 4000 });
    expect(line.lineTotal).toBe(18_000);
    expect(line.personalization).toEqual({
      engraving_text: 'Ana & Mihai 2026',
      engraving_colour: 'Argintiu',
      engraving_image: id,
    });
    // The same personalisation in another order adds up on the same line.
    const again = await addLine(
      {
        productId: required,
        quantity: 1,
        personalization: { engraving_image: id, engraving_colour: 'Argintiu', engraving_text: 'Ana & Mihai 2026' },
      },
      cookieOf(res),
    );
    expect(again.json().lines).toHaveLength(1);
    expect(again.json().lines[0].quantity).toBe(3);
  });

  it('refuses a picture id that was never uploaded, and an unknown input', async () => {
    const res = await addLine({
      productId: required,
      quantity: 1,
      personalization: { engraving_text: 'Ana', engraving_colour: 'Auriu', engraving_image: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'personalization.engraving_image': 'Încărcați din nou imaginea: cea trimisă nu mai este disponibilă.',
    });
    const unknown = await addLine({
      productId: required,
      quantity: 1,
      personalization: { engraving_text: 'Ana', engraving_colour: 'Auriu', colour: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['personalization.colour']);
  });

  it('adds an optional personalisation left on its presets as a plain line, at the plain price', async () => {
    const res = await addLine({ productId: optional, quantity: 1, personalization: { engraving_colour: 'Auriu' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines[0]).toMatchObject({ personalizationPrice: 0, personalization: null, lineTotal: 6000 });
  });

  it('stores a picture sent as a file (the page without JavaScript), and nothing when it is refused', async () => {
    const owner = { token: null, clientId: null };
    const before = await stored();
    const bad = shop.services.personalization.addToCart(owner, {
      productId: required,
      quantity: 1,
      personalization: {
        engraving_text: 'Ana',
        engraving_colour: 'Auriu',
        engraving_image: new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' }),
      },
    });
    await expect(bad).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { 'personalization.engraving_image': 'validation.upload.type' },
    });
    // Sold out: the picture was stored, then removed again when the cart refused the add.
    const soldOutAdd = shop.services.personalization.addToCart(owner, {
      productId: soldOut,
      quantity: 1,
      personalization: {
        engraving_text: 'Ana',
        engraving_colour: 'Auriu',
        engraving_image: new Blob([new Uint8Array(await picture())]),
      },
    });
    await expect(soldOutAdd).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await stored()).toEqual(before);

    const added = await shop.services.personalization.addToCart(owner, {
      productId: required,
      quantity: 1,
      personalization: {
        engraving_text: 'Ana',
        engraving_colour: 'Auriu',
        engraving_image: new Blob([new Uint8Array(await picture())]),
      },
    });
    const view = await shop.services.cart.view({ token: added.issuedToken, clientId: null });
    const id = view.lines[0]?.personalization?.engraving_image ?? '';
    expect(await shop.services.uploads.exists(id)).toBe(true);
    expect((await shop.app.inject({ url: `/uploads/personalization/${id}/thumb` })).statusCode).toBe(200);
  });

  it('keeps old pictures a cart line still uses and sweeps the others', async () => {
    const used = await upload();
    const unused = await upload();
    await addLine({
      productId: required,
      quantity: 1,
      personalization: { engraving_text: 'Vechi', engraving_colour: 'Auriu', engraving_image: used.id },
    });
    const old = new Date(Date.now() - 100 * 86_400_000);
    for (const name of await stored()) await utimes(path.join(uploadsDir(), name), old, old);
    await shop.services.personalization.sweep();
    expect(await shop.services.uploads.exists(used.id)).toBe(true);
    expect(await shop.services.uploads.exists(unused.id)).toBe(false);
  });

  /** A multipart post of the product page's add form, as a browser without JavaScript sends it. */
  async function postAddForm(fields: Record<string, string | Blob>, cookie?: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = new Response(form);
    return shop.app.inject({
      method: 'POST',
      url: '/pages/cart',
      headers: { origin, 'content-type': response.headers.get('content-type') ?? '', ...(cookie ? { cookie } : {}) },
      payload: Buffer.from(await response.arrayBuffer()),
    });
  }

  it('renders the personalisation form on the product page: costs, required marks, the withdrawal note', async () => {
    const page = await shop.app.inject({ url: '/produs/biblia-0' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/enctype="multipart\/form-data"/i);
    expect(page.body).toContain('Textul gravat (nume, dată, verset)');
    expect(page.body).toContain('name="personalization.engraving_text"');
    expect(page.body).toContain('type="file"');
    expect(page.body).toMatch(/\+15,00(&nbsp;|\s| )lei/);
    expect(page.body).toContain('nu beneficiază de dreptul de retragere');
    // The form's code is loaded lazily: even on its first render it is written in place, not after the page
    // with a script to move it there (a pending boundary), so the page works without JavaScript.
    expect(page.body).not.toContain('<!--$?-->');
    expect(page.body).not.toContain('Se încarcă formularul de personalizare');
  });

  it('without JavaScript: refuses an empty engraving naming the field, then adds with a picture file', async () => {
    const before = await stored();
    const refused = await postAddForm({
      intent: 'add',
      productId: String(required),
      quantity: '1',
      redirectTo: '/produs/biblia-0',
      'personalization.engraving_text': '',
      'personalization.engraving_colour': 'Auriu',
      'personalization.engraving_image': new File([new Uint8Array(await picture())], 'poza.png', { type: 'image/png' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Textul gravat (nume, dată, verset)');
    expect(refused.body).toContain('Completați acest câmp: este obligatoriu pentru personalizare.');
    expect(refused.body).toContain('href="/produs/biblia-0"');
    expect(await stored()).toEqual(before);

    const added = await postAddForm({
      intent: 'add',
      productId: String(required),
      quantity: '1',
      redirectTo: '/produs/biblia-0',
      'personalization.engraving_text': 'Pentru Ana',
      'personalization.engraving_colour': 'Auriu',
      'personalization.engraving_image': new File([new Uint8Array(await picture())], 'poza.png', { type: 'image/png' }),
    });
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toBe('/produs/biblia-0');
    const cookie = cookieOf(added);
    const cart = await shop.app.inject({ url: '/pages/cart', headers: { cookie: cookie ?? '' } });
    expect(cart.body).toContain('Pentru Ana');
    expect(cart.body).toMatch(/src="\/uploads\/personalization\/[A-Za-z0-9_-]{22}\/thumb"/);
    // 50 lei + 15 lei engraving + 25 lei picture.
    expect(cart.body).toMatch(/90,00(&nbsp;|\s| )lei/);
  });

  it('lets only multipart posts to the cart action be larger than a plain form', async () => {
    const big = new File([new Uint8Array(200_000)], 'x.png', { type: 'image/png' });
    const multipartToCart = await postAddForm({
      intent: 'add',
      productId: String(required),
      'personalization.engraving_image': big,
    });
    expect(multipartToCart.statusCode).toBe(400);
    const form = new FormData();
    form.append('name', 'x'.repeat(100_000));
    const response = new Response(form);
    const multipartElsewhere = await shop.app.inject({
      method: 'POST',
      url: '/pages/contact',
      headers: { origin, 'content-type': response.headers.get('content-type') ?? '' },
      payload: Buffer.from(await response.arrayBuffer()),
    });
    expect(multipartElsewhere.statusCode).toBe(413);
    const urlencodedToCart = await shop.app.inject({
      method: 'POST',
      url: '/pages/cart',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `intent=add&productId=${required}&personalization.engraving_text=${'x'.repeat(100_000)}`,
    });
    expect(urlencodedToCart.statusCode).toBe(413);
  });
});
