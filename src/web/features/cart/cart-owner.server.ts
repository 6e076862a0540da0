import type { AppLoadContext } from 'react-router';
import { type CartOwner, cartCookie, cartTokenFromCookies } from '../../../contracts/cart';

/** The cart a page request works on: the logged-in client's, else the guest's `cart` cookie. */
export async function cartOwnerOf(request: Request, context: AppLoadContext): Promise<CartOwner> {
  const client = await context.client();
  return { token: cartTokenFromCookies(request.headers.get('cookie')), clientId: client?.id ?? null };
}

/** Headers of an answer that made a new guest cart: its cookie (Secure when the shop is on https). */
export function cartCookieHeaders(token: string | null, publicUrl: string): HeadersInit {
  return token ? { 'Set-Cookie': cartCookie(token, publicUrl.startsWith('https:')) } : {};
}
