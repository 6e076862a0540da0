ALTER TABLE "products" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "products_changed_idx" ON "products" USING btree ("changed_at");--> statement-breakpoint
-- Every update stamps the row, whoever makes it (the shop, a script, another machine): the listing's facet
-- table reads the rows changed since it last looked (decision 028). clock_timestamp(), not now(): a long
-- transaction's rows carry the time they were written, which the reader's margin covers.
CREATE FUNCTION products_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_stamp_change BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_stamp_change();
