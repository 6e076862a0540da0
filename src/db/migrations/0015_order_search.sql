ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(public.shop_unaccent(order_ref_number || ' | ' || client_email || ' | '
        || coalesce(billing_address ->> 'first_name', '') || ' ' || coalesce(billing_address ->> 'last_name', '') || ' | '
        || coalesce(billing_address ->> 'last_name', '') || ' ' || coalesce(billing_address ->> 'first_name', '') || ' | '
        || coalesce(billing_address ->> 'company_name', '') || ' | ' || coalesce(delivery_address ->> 'recipient', '')))) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce(billing_address ->> 'phone', '') || '|' || coalesce(delivery_address ->> 'phone', ''), '[^0-9|]', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_text_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_idx" ON "orders" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_created_idx" ON "orders" USING btree ("payment_state","created_at","id");