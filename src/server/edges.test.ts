import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../contracts/profile';
import { PAGE_BODY_LIMIT_BYTES, pageBodyLimit, STAFF_MEDIA_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from './edges';

/** The path is matched without the query (ssr.ts passes the URL's pathname). */
describe('pageBodyLimit', () => {
  it('allows a picture only in multipart posts to the cart action, with or without JavaScript', () => {
    const multipart = 'multipart/form-data; boundary=x';
    expect(pageBodyLimit('POST', '/pages/cart', multipart)).toBe(UPLOAD_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/pages/cart.data', multipart)).toBe(UPLOAD_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/pages/cart', 'application/x-www-form-urlencoded')).toBe(PAGE_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('PUT', '/pages/cart', multipart)).toBe(PAGE_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/pages/contact', multipart)).toBe(PAGE_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/pages/cart/x', multipart)).toBe(PAGE_BODY_LIMIT_BYTES);
  });

  it('allows a photo only in multipart posts to the avatar action', () => {
    const multipart = 'multipart/form-data; boundary=x';
    expect(pageBodyLimit('POST', '/pages/profile/avatar', multipart)).toBe(AVATAR_MAX_BYTES + PAGE_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/pages/profile', multipart)).toBe(PAGE_BODY_LIMIT_BYTES);
  });

  it('allows pictures in multipart posts under /admin/ only with a staff session cookie', () => {
    const multipart = 'multipart/form-data; boundary=x';
    expect(pageBodyLimit('POST', '/admin/products/1', multipart, true)).toBe(STAFF_MEDIA_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/admin/products/1', multipart, false)).toBe(PAGE_BODY_LIMIT_BYTES);
    expect(pageBodyLimit('POST', '/admin/products/1', 'application/x-www-form-urlencoded', true)).toBe(
      PAGE_BODY_LIMIT_BYTES,
    );
    expect(pageBodyLimit('POST', '/pages/contact', multipart, true)).toBe(PAGE_BODY_LIMIT_BYTES);
  });
});
