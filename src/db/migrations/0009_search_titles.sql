-- Issue 14 ("the long tail"): a search ranks the products whose title, authors, publisher or
-- translation match first, from this small vector (no description: a few dozen bytes, stored inline),
-- and reads the descriptions' matches only when those are too few (core/catalogue/listing.ts). Ranking
-- every match by the full `search_vector` detoasted each product's description vector: most of the
-- time of a search nobody made before (docs/PERFORMANCE.md).
CREATE OR REPLACE FUNCTION public.product_title_vector(
  title text, authors text[], publisher text, translation text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('public.shop_ro'::regconfig, coalesce(title, '')), 'A')
        || setweight(to_tsvector('public.shop_ro'::regconfig, coalesce(array_to_string(authors, ' '), '')), 'B')
        || setweight(to_tsvector('public.shop_ro'::regconfig, concat_ws(' ', publisher, translation)), 'C')
  $$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_vector" tsvector
  GENERATED ALWAYS AS (public.product_title_vector(title, authors, publisher, bible_translation)) STORED;
--> statement-breakpoint
CREATE INDEX "products_title_search_idx" ON "products" USING gin ("title_vector");
