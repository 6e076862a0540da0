import { type CartOwner, cartCookie, cartTokenFromCookies } from '../../../contracts/cart';

/** The cart a page request works on: the guest's `cart` cookie (the client's account joins it with issue 9). */
export function cartOwnerOf(request: Request): CartOwner {
  return { token: cartTokenFromCookies(request.headers.get('cookie')), clientId: null };
}

/** Headers of an answer that made a new guest cart: its cookie (Secure when the shop is on https). */
export function cartCookieHeaders(token: string | null, publicUrl: string): HeadersInit {
  return token ? { 'Set-Cookie': cartCookie(token, publicUrl.startsWith('https:')) } : {};
}
