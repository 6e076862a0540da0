import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { contentRoutes } from './content-routes';

export default [
  index('routes/home.tsx'),
  route('produs/:slug', 'routes/product.tsx'),
  route('shop/:categorySlug?', 'routes/shop.tsx'),
  route('pages/search', 'routes/search.tsx'),
  route('pages/compare', 'routes/compare.tsx'),
  route('pages/cart', 'routes/cart.tsx'),
  route('preferences', 'routes/preferences.ts'),
  route('pages', 'routes/pages-index.ts'),
  route('pages/login', 'routes/login.tsx'),
  route('pages/register', 'routes/register.tsx'),
  route('pages/forgot', 'routes/forgot.tsx'),
  route('pages/reset-password', 'routes/reset-password.tsx'),
  route('pages/logout', 'routes/logout.ts'),
  route('pages/profile', 'routes/profile.tsx'),
  route('pages/profile/avatar', 'routes/profile-avatar.ts'),
  route('pages/profile/adrese', 'routes/address-book.tsx'),
  route('pages/profile/adrese/noua', 'routes/address-new.tsx'),
  route('pages/profile/adrese/:id', 'routes/address-edit.tsx'),
  route('pages/profile/adrese/:id/sterge', 'routes/address-delete.tsx'),
  route('pages/comanda/:token', 'routes/guest-order.tsx'),
  route('pages/404', 'routes/not-found.tsx', { id: 'pages-404' }),
  ...contentRoutes,
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
