CREATE TABLE "order_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"url_path" text NOT NULL,
	"thumbnail" text NOT NULL,
	"quantity" integer NOT NULL,
	"acquisition_price" integer,
	"billing_selling_price" integer NOT NULL,
	"billing_special_price" integer,
	"personalization_price" integer DEFAULT 0 NOT NULL,
	"personalization_form" text,
	"has_personalization" boolean DEFAULT false NOT NULL,
	"applied_discount_value" integer DEFAULT 0 NOT NULL,
	"discount_type" text DEFAULT 'value' NOT NULL,
	"coupon_discount" integer DEFAULT 0 NOT NULL,
	"vat_rate" smallint NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_ref_number" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_id" integer,
	"client_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_state" text NOT NULL,
	"payment_method" text NOT NULL,
	"carrier_id" smallint NOT NULL,
	"carrier_name" text NOT NULL,
	"pickup_point" jsonb,
	"billing_address" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"shipping_cost" integer NOT NULL,
	"real_delivery_cost" integer NOT NULL,
	"donation" integer NOT NULL,
	"total" integer NOT NULL,
	"vat" jsonb NOT NULL,
	"coupon_code" text,
	"currency" text NOT NULL,
	"currency_rates" jsonb NOT NULL,
	"case_id" integer,
	"lang" text NOT NULL,
	"order_source" text DEFAULT 'Site' NOT NULL,
	"created_from" text DEFAULT 'Website' NOT NULL,
	"number_packages" smallint DEFAULT 1 NOT NULL,
	"client_comments" text,
	"guest_token_hash" text,
	"tracking_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'completed', 'canceled')),
	CONSTRAINT "orders_payment_state_check" CHECK ("orders"."payment_state" in ('awaiting_payment', 'cash_on_delivery', 'paid', 'failed')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."shipping_cost" >= 0 and "orders"."donation" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ref_key" ON "orders" USING btree ("order_ref_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_token_key" ON "orders" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE INDEX "orders_client_created_idx" ON "orders" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("payment_state","created_at") WHERE status = 'pending';