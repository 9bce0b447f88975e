CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"settled" boolean NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_quotes_accepted_idx" ON "exchange_quotes" USING btree ("accepted_at") WHERE "exchange_quotes"."status" = 'Accepted';--> statement-breakpoint
CREATE INDEX "fund_orders_confirmed_idx" ON "fund_orders" USING btree ("confirmed_at") WHERE "fund_orders"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "launchpad_purchases_created_idx" ON "launchpad_purchases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_confirmed_idx" ON "orders" USING btree ("confirmed_at") WHERE "orders"."status" = 'Success';--> statement-breakpoint
CREATE INDEX "rewards_day_idx" ON "rewards" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_audited_idx" ON "withdrawals" USING btree ("audited_at") WHERE "withdrawals"."audited_at" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_claimed_idx" ON "withdrawals" USING btree ("claimed_at") WHERE "withdrawals"."claimed_at" is not null;