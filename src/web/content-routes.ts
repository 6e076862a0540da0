import { route } from '@react-router/dev/routes';
import { STATIC_PAGE_SLUGS } from '../contracts/static-pages';

/** The association's pages (issue 4): about, contact, blog, coupons, humanitarian cases and static pages. */
export const contentRoutes = [
  route('pages/about', 'routes/about.tsx'),
  route('pages/contact', 'routes/contact.tsx'),
  route('pages/blog', 'routes/blog.tsx'),
  route('pages/blog-grid', 'routes/blog-grid.tsx', { id: 'blog-grid' }),
  route('pages/blog-list', 'routes/blog-grid.tsx', { id: 'blog-list' }),
  route('pages/blog-details', 'routes/blog-details-missing.tsx'),
  route('pages/blog-details/:id', 'routes/blog-details.tsx'),
  route('pages/coupons', 'routes/coupons.tsx'),
  route('pages/cazuri-umanitare', 'routes/cases.tsx'),
  route('pages/cazuri-umanitare/:slug', 'routes/case-detail.tsx'),
  ...STATIC_PAGE_SLUGS.map((slug) => route(`pages/${slug}`, 'routes/static-page.tsx', { id: `static-${slug}` })),
];
