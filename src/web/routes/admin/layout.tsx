import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useRouteError } from 'react-router';
import { ADMIN_MENU, canOpen, pendingStep } from '../../../contracts/staff';
import { adminPageHeaders } from '../../http-cache';
import { useT } from '../../i18n/i18n';
import type { Route } from './+types/layout';

/** `admin: true` hides the shop's header and footer (root.tsx); every admin page loads the `admin` messages. */
export const handle = { admin: true, i18n: ['admin'] };
export const headers = adminPageHeaders;

/**
 * Who is signed in, for the bar: no guard here (the login page is a child too); each page calls
 * requireStaff itself, since React Router runs a layout's loader beside its children's, not before.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = await context.staff();
  if (!staff) return { staff: null };
  const open = pendingStep(staff) === null;
  return {
    staff: {
      name: staff.name,
      role: staff.role,
      menu: open ? ADMIN_MENU.filter((item) => canOpen(staff.role, item.area)) : [],
    },
  };
}

const linkClass =
  'rounded px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 aria-[current=page]:bg-white aria-[current=page]:text-brand';

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { staff } = loaderData;
  const { pathname } = useLocation();
  // The longest entry the path is in: the import page (/admin/products/import) is not also the products list.
  const current = staff?.menu
    .map((item) => item.to)
    .filter((to) => pathname === to || (to !== '/admin' && pathname.startsWith(`${to}/`)))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <div className="min-h-screen bg-paper">
      <meta name="robots" content="noindex, nofollow" />
      <header className="bg-brand-dark text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-serif text-lg font-bold">{t('admin.brand')}</p>
          {staff && (
            <nav aria-label={t('admin.nav.label')} className="flex flex-wrap gap-1">
              {staff.menu.map((item) => (
                <Link
                  discover="none"
                  key={item.to}
                  to={item.to}
                  aria-current={item.to === current ? 'page' : undefined}
                  className={linkClass}
                >
                  {t(item.label)}
                </Link>
              ))}
              <NavLink discover="none" to="/admin/password" className={linkClass}>
                {t('admin.nav.password')}
              </NavLink>
              <NavLink discover="none" to="/admin/totp-setup" className={linkClass}>
                {t('admin.nav.totp')}
              </NavLink>
            </nav>
          )}
          {staff && (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <span>{t('admin.signedInAs', { name: staff.name, role: t(`admin.role.${staff.role}`) })}</span>
              <Form discover="none" method="post" action="/admin/logout">
                <button
                  type="submit"
                  className="rounded border border-white px-3 py-1.5 font-semibold hover:bg-white/10"
                >
                  {t('admin.logout')}
                </button>
              </Form>
            </div>
          )}
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A refusal inside the back office (403 for a role, 404, 400 for a bad filter) stays in its frame; being
 * the boundary, this route's headers (private, no-store; noindex) are the error response's too.
 */
export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key =
    status === 403
      ? 'admin.error.forbidden'
      : status === 404
        ? 'admin.error.notFound'
        : status === 400
          ? 'admin.error.badRequest'
          : 'admin.error.other';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="mb-4 font-serif text-3xl font-bold">{t(key)}</h1>
      <p>
        <a href="/admin" className="text-brand underline">
          {t('admin.nav.dashboard')}
        </a>
      </p>
    </div>
  );
}
