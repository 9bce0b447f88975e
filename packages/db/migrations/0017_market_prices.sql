CREATE TABLE "price_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"block" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"usdt_per_agc" numeric(78, 0) NOT NULL,
	"spot_usdt_per_agc" numeric(78, 0) NOT NULL,
	"window_seconds" integer NOT NULL,
	"liquidity_usdt" numeric(78, 0) NOT NULL,
	"agc_accepted" boolean NOT NULL,
	"agc_reason" text,
	"eth_usdt" numeric(78, 0),
	"eth_updated_at" timestamp with time zone,
	"eth_accepted" boolean NOT NULL,
	"eth_reason" text
);
--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD COLUMN "price_block" bigint;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD COLUMN "agc_price_usdt" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "fund_orders" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD COLUMN "price_block" bigint;--> statement-breakpoint
ALTER TABLE "launchpad_purchases" ADD COLUMN "agc_price_usdt" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "launchpad_purchases" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "launchpad_purchases" ADD COLUMN "price_block" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_block" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "agc_price_usdt" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "price_block" bigint;--> statement-breakpoint
CREATE INDEX "price_observations_source_at_idx" ON "price_observations" USING btree ("source","observed_at");