import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, CART_TOKEN_PATTERN, cartCookie } from '../../../contracts/cart';
import type { CartOwner } from '../../../core/cart/cart-service';

/** The cart a request works on: the guest's cookie token (a malformed one counts as none). */
export function cartOwnerOf(req: FastifyRequest): CartOwner {
  const token = req.cookies?.[CART_COOKIE];
  return { token: token && CART_TOKEN_PATTERN.test(token) ? token : null, clientId: null };
}

/** Sets the cart cookie when a write made a new guest cart. */
export function issueCartCookie(reply: FastifyReply, token: string | null, publicUrl: string): void {
  if (token) reply.header('set-cookie', cartCookie(token, publicUrl.startsWith('https:')));
}
