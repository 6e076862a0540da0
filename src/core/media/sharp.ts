import type SharpModule from 'sharp';

type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | null = null;

/**
 * sharp, loaded at the first picture: with libvips it adds about 21 MB to the process, and pictures are decoded only
 * when a shopper or the staff uploads one (issue 14, goal 4: the server's RSS). Decoded images are not kept between
 * calls: uploads are rare and each is decoded once.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
