import { lazy } from 'react';

/**
 * The error pages, loaded when one is shown: a page that renders normally needs none of their code, and every
 * page's first load carried it (issue 14). The boundaries that show them have no Suspense boundary around them,
 * so a page that shows one waits for its code as for a missing message area: hydration waits (the server's
 * HTML stays), a navigation waits in its transition with the previous page on screen.
 */
export const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
export const BadRequestPage = lazy(() => import('./bad-request-page').then((m) => ({ default: m.BadRequestPage })));
export const ErrorPage = lazy(() => import('./error-page').then((m) => ({ default: m.ErrorPage })));
