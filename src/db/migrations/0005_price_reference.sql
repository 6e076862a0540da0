-- The 30-day rule (DESIGN §6, issue 8 item 1): a product shows a reduction only when its price is below
-- the lowest price applied in the 30 days before that price began. That reference is fixed when a price
-- begins, so it is stored on the product (reference_price) and "on_sale" becomes the comparison with it;
-- contracts/money/price-display.ts holds the same rule for the pages, and a test holds the two together.
ALTER TABLE "products" ADD COLUMN "reference_price" integer;--> statement-breakpoint
UPDATE "products" p SET "reference_price" = (
  SELECT min(h.price) FROM "price_history" h, "price_history" c
  WHERE c.product_id = p.id AND c.valid_to IS NULL
    AND h.product_id = p.id AND h.valid_from < c.valid_from AND h.valid_to > c.valid_from - interval '30 days'
);--> statement-breakpoint
-- PostgreSQL 15 cannot change a generated column's expression: drop and add it again. The drop takes the
-- two indexes that hold on_sale with it; they are created again below, as in 0003 and 0004.
ALTER TABLE "products" DROP COLUMN "on_sale";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale" boolean GENERATED ALWAYS AS (reference_price is not null and (case when special_price is not null and special_price < selling_price then special_price else selling_price end) < reference_price) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("sales_count") WHERE on_sale;--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id")
  INCLUDE ("id", "product_type", "authors", "publisher", "binding", "language", "bible_translation",
    "effective_price", "is_available", "on_sale");--> statement-breakpoint
-- When a price changes (back office, import, SQL by hand), the new price's reference is the lowest price
-- of the history rows still in force after now() - 30 days, read before the history trigger closes the
-- row in force; without history, the old price (in force since the product was added) is the reference.
CREATE OR REPLACE FUNCTION public.products_set_reference_price() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    lowest integer;
  BEGIN
    IF NEW.selling_price IS DISTINCT FROM OLD.selling_price
       OR NEW.special_price IS DISTINCT FROM OLD.special_price THEN
      IF EXISTS (SELECT 1 FROM price_history WHERE product_id = OLD.id) THEN
        SELECT min(price) INTO lowest FROM price_history
          WHERE product_id = OLD.id AND valid_from < now()
            AND (valid_to IS NULL OR valid_to > now() - interval '30 days');
      ELSIF OLD.created_at < now() THEN
        lowest := OLD.effective_price;
      END IF;
      NEW.reference_price := lowest;
    END IF;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER products_reference_price BEFORE UPDATE OF selling_price, special_price ON products
  FOR EACH ROW EXECUTE FUNCTION public.products_set_reference_price();
