import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * /api/openapi.json documents the JSON API only: pages, covers, the sitemap, health checks and the
 * pages' catch-all route (every method, TRACE and QUERY included) are left out.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
  return jsonSchemaTransform(input);
};
