import type { FastifyInstance } from 'fastify';
import { SITEMAP_KINDS, type SitemapKind } from '../core/seo/sitemap-service';
import type { Services } from '../core/services';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const ONE_HOUR = 'public, max-age=3600';

/** /robots.txt, and /sitemap.xml: an index of parts /sitemap-{pages|categories|products}-N.xml. */
export function registerSeo(app: FastifyInstance, services: Services, publicUrl: string): void {
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', ONE_HOUR)
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /preferences',
          'Disallow: /pages/search',
          'Disallow: /pages/compare',
          'Allow: /',
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const parts = await services.sitemap.parts();
    const body = parts
      .map((p) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${p.kind}-${p.number}.xml`)}</loc></sitemap>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', ONE_HOUR)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`,
      );
  });

  app.get('/sitemap-:part', async (req, reply) => {
    const match = /^([a-z]+)-(\d{1,6})\.xml$/.exec((req.params as { part: string }).part);
    const kind = match?.[1] as SitemapKind | undefined;
    const entries =
      match && kind && SITEMAP_KINDS.includes(kind)
        ? await services.sitemap.entries({ kind, number: Number(match[2]) })
        : null;
    if (!entries) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const body = entries
      .map(
        (e) =>
          `<url><loc>${escapeXml(publicUrl + e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', ONE_HOUR)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
      );
  });
}
