DROP INDEX "products_sales_idx";--> statement-breakpoint
CREATE INDEX "products_sales_idx" ON "products" USING btree ("sales_count","id");