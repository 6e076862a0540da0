CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"selling_price" integer NOT NULL,
	"special_price" integer,
	"price" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_names" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"norm" text NOT NULL,
	CONSTRAINT "search_names_kind_name_pk" PRIMARY KEY("kind","name")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "effective_price" integer GENERATED ALWAYS AS (case when special_price is not null and special_price < selling_price then special_price else selling_price end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_available" boolean GENERATED ALWAYS AS (is_in_stock <> 0 and quantity > 0) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale" boolean GENERATED ALWAYS AS (special_price is not null and special_price < selling_price) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","valid_to");--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("lexeme");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("effective_price");--> statement-breakpoint
CREATE INDEX "products_publisher_idx" ON "products" USING btree ("publisher");--> statement-breakpoint
CREATE INDEX "products_translation_idx" ON "products" USING btree ("bible_translation");--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("sales_count") WHERE on_sale;