-- Search in PostgreSQL (docs/decisions/007-search-in-postgresql.md): the romanian configuration with
-- unaccent, a weighted tsvector per product, the lexicon used for typo correction (pg_trgm), and the
-- trigger that keeps the price history. Runs on PGlite (extensions loaded in src/db/client.ts) and on
-- PostgreSQL 15+.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is STABLE (it looks its dictionary up by name); with the dictionary named, the result
-- only depends on the input, so the wrapper may be IMMUTABLE and used in indexes and generated columns.
CREATE OR REPLACE FUNCTION public.shop_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Romanian stemming after unaccent: ș/ş, ț/ţ, ă, â, î and their plain letters give the same lexemes,
-- so Biblia, biblie, BIBLIE and biblii all become 'bibl'.
CREATE TEXT SEARCH CONFIGURATION public.shop_ro (COPY = pg_catalog.romanian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.shop_ro
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.romanian_stem;
--> statement-breakpoint
-- Weights rank title (A) above authors (B) above publisher and translation (C) above description (D).
CREATE OR REPLACE FUNCTION public.product_search_vector(
  title text, authors text[], publisher text, translation text, description text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('public.shop_ro'::regconfig, coalesce(title, '')), 'A')
        || setweight(to_tsvector('public.shop_ro'::regconfig, coalesce(array_to_string(authors, ' '), '')), 'B')
        || setweight(to_tsvector('public.shop_ro'::regconfig, concat_ws(' ', publisher, translation)), 'C')
        || setweight(to_tsvector('public.shop_ro'::regconfig,
             regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'D')
  $$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (public.product_search_vector(title, authors, publisher, bible_translation, description)) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- The header's suggestions look at titles and authors only: a small vector with its own index keeps
-- prefix lookups quick (weights in a query cannot use the index above).
CREATE OR REPLACE FUNCTION public.product_suggest_vector(title text, authors text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT to_tsvector('public.shop_ro'::regconfig, concat_ws(' ', title, array_to_string(authors, ' ')))
  $$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suggest_vector" tsvector
  GENERATED ALWAYS AS (public.product_suggest_vector(title, authors)) STORED;
--> statement-breakpoint
CREATE INDEX "products_suggest_idx" ON "products" USING gin ("suggest_vector");
--> statement-breakpoint
-- Facet counts read these columns for every product of a category, or of the whole shop: with them in
-- a covering index PostgreSQL counts from the narrow index (index-only scan), not from the wide rows.
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id")
  INCLUDE ("id", "product_type", "authors", "publisher", "binding", "language", "bible_translation",
    "effective_price", "is_available", "on_sale");
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "search_names_trgm_idx" ON "search_names" USING gin ("norm" gin_trgm_ops);
--> statement-breakpoint
-- The lexicon follows the catalogue: one INSERT … SELECT per statement on products (transition table),
-- so loading products in batches costs one lexicon insert per batch, not one per row. Only words not
-- yet known get their lexeme computed.
CREATE OR REPLACE FUNCTION public.products_update_lexicon() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_words (word, lexeme)
      SELECT n.w, (tsvector_to_array(to_tsvector('public.shop_ro'::regconfig, n.w)))[1]
      FROM (
        SELECT DISTINCT w
        FROM changed_rows r,
          regexp_split_to_table(
            lower(public.shop_unaccent(concat_ws(' ', r.title, array_to_string(r.authors, ' '), r.publisher,
              r.bible_translation, r.binding, regexp_replace(r.description, '<[^>]*>', ' ', 'g')))),
            '[^a-z0-9]+') AS w
        WHERE length(w) >= 2
      ) n
      WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = n.w)
        AND (tsvector_to_array(to_tsvector('public.shop_ro'::regconfig, n.w)))[1] IS NOT NULL
      ON CONFLICT DO NOTHING;
    INSERT INTO search_names (kind, name, norm)
      SELECT DISTINCT 'author', a, lower(public.shop_unaccent(a))
      FROM changed_rows r, unnest(r.authors) AS a
      WHERE a <> ''
      UNION
      SELECT DISTINCT 'publisher', r.publisher, lower(public.shop_unaccent(r.publisher))
      FROM changed_rows r
      WHERE r.publisher IS NOT NULL AND r.publisher <> ''
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER products_lexicon_on_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.products_update_lexicon();
--> statement-breakpoint
CREATE TRIGGER products_lexicon_on_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.products_update_lexicon();
--> statement-breakpoint
-- Price history: whatever changes a price (back office, import, SQL by hand), the row in force is
-- closed and a new one opened. A product without history gets its previous price recorded from its
-- creation date.
CREATE OR REPLACE FUNCTION public.products_record_price_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.selling_price IS DISTINCT FROM OLD.selling_price
       OR NEW.special_price IS DISTINCT FROM OLD.special_price THEN
      UPDATE price_history SET valid_to = now() WHERE product_id = NEW.id AND valid_to IS NULL;
      IF NOT FOUND THEN
        INSERT INTO price_history (product_id, selling_price, special_price, price, valid_from, valid_to)
          VALUES (OLD.id, OLD.selling_price, OLD.special_price, OLD.effective_price, OLD.created_at, now());
      END IF;
      INSERT INTO price_history (product_id, selling_price, special_price, price, valid_from)
        VALUES (NEW.id, NEW.selling_price, NEW.special_price, NEW.effective_price, now());
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER UPDATE OF selling_price, special_price ON products
  FOR EACH ROW EXECUTE FUNCTION public.products_record_price_change();
