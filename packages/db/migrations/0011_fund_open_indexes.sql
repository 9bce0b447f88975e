DROP INDEX "fund_orders_product_status_idx";--> statement-breakpoint
DROP INDEX "fund_redemptions_product_status_idx";--> statement-breakpoint
DROP INDEX "fund_orders_pay_tx_key";--> statement-breakpoint
CREATE INDEX "fund_orders_processing_idx" ON "fund_orders" USING btree ("product_id") WHERE "fund_orders"."status" = 'Processing';--> statement-breakpoint
CREATE INDEX "fund_orders_open_idx" ON "fund_orders" USING btree ("quote_expires_at") WHERE "fund_orders"."status" in ('UnPaid', 'Paid');--> statement-breakpoint
CREATE INDEX "fund_redemptions_open_idx" ON "fund_redemptions" USING btree ("product_id","id") WHERE "fund_redemptions"."status" in ('Pending', 'Approved');--> statement-breakpoint
CREATE UNIQUE INDEX "fund_orders_pay_tx_key" ON "fund_orders" USING btree ("pay_tx_hash") WHERE "fund_orders"."pay_tx_hash" is not null;