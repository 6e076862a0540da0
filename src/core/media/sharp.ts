import { loadOnce } from '../load-once';

/**
 * sharp, loaded at the first picture: with libvips it adds about 21 MB to the process, and pictures are decoded only
 * when a shopper or the staff uploads one (issue 14, goal 4: the server's RSS). Decoded images are not kept between
 * calls: uploads are rare and each is decoded once.
 */
export const loadSharp = loadOnce(async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
});
