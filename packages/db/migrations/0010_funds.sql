CREATE TABLE "fund_bills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"month" text NOT NULL,
	"opening_units" numeric(78, 0) NOT NULL,
	"closing_units" numeric(78, 0) NOT NULL,
	"opening_nav_e8" numeric(78, 0),
	"closing_nav_e8" numeric(78, 0),
	"opening_value_usdt" numeric(78, 0) NOT NULL,
	"closing_value_usdt" numeric(78, 0) NOT NULL,
	"subscriptions_usdt" numeric(78, 0) NOT NULL,
	"redemptions_usdt" numeric(78, 0) NOT NULL,
	"interest_usdt" numeric(78, 0) NOT NULL,
	"fees_usdt" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_earnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"base" numeric(78, 0) NOT NULL,
	"rate_ppm" integer NOT NULL,
	"amount_usdt" numeric(78, 0) NOT NULL,
	"source_user_id" bigint,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_navs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"nav_e8" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"entered_by" bigint,
	"confirmed_by" bigint,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_navs_positive" CHECK ("fund_navs"."nav_e8" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"status" text DEFAULT 'UnPaid' NOT NULL,
	"amount_usdt" numeric(78, 0) NOT NULL,
	"fee_ppm" integer NOT NULL,
	"fee_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	"quote_expires_at" timestamp with time zone NOT NULL,
	"pay_tx_hash" text,
	"paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"nav_id" bigint,
	"nav_e8" numeric(78, 0),
	"units" numeric(78, 0) DEFAULT 0 NOT NULL,
	"units_free" numeric(78, 0) DEFAULT 0 NOT NULL,
	"units_redeeming" numeric(78, 0) DEFAULT 0 NOT NULL,
	"cost_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	"realized_usdt" numeric(78, 0) DEFAULT 0 NOT NULL,
	"subscribed_at" timestamp with time zone,
	"lock_ends_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_orders_units" CHECK ("fund_orders"."units_free" >= 0 and "fund_orders"."units_redeeming" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fund_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"risk" text NOT NULL,
	"lock_days" integer NOT NULL,
	"minimum_usdt" numeric(78, 0) NOT NULL,
	"subscription_fee_ppm" integer DEFAULT 0 NOT NULL,
	"redemption_fee_ppm" integer DEFAULT 0 NOT NULL,
	"expected_yield_ppm" integer DEFAULT 0 NOT NULL,
	"distribution_ppm" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"units" numeric(78, 0) NOT NULL,
	"fee_ppm" integer NOT NULL,
	"nav_id" bigint,
	"nav_e8" numeric(78, 0),
	"gross_usdt" numeric(78, 0),
	"fee_usdt" numeric(78, 0),
	"amount_usdt" numeric(78, 0),
	"audited_by" bigint,
	"audited_at" timestamp with time zone,
	"audit_note" text,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_redemptions_units_positive" CHECK ("fund_redemptions"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_settlement_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_team_state" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"fund_level" integer DEFAULT 0 NOT NULL,
	"left_volume" numeric(78, 0) DEFAULT 0 NOT NULL,
	"right_volume" numeric(78, 0) DEFAULT 0 NOT NULL,
	"left_carry" numeric(78, 0) DEFAULT 0 NOT NULL,
	"right_carry" numeric(78, 0) DEFAULT 0 NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_order_id_fund_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fund_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_bills" ADD CONSTRAINT "fund_bills_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_earnings" ADD CONSTRAINT "fund_earnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_earnings" ADD CONSTRAINT "fund_earnings_source_user_id_users_id_fk" FOREIGN KEY ("source_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_navs" ADD CONSTRAINT "fund_navs_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_navs" ADD CONSTRAINT "fund_navs_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_navs" ADD CONSTRAINT "fund_navs_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_nav_id_fund_navs_id_fk" FOREIGN KEY ("nav_id") REFERENCES "public"."fund_navs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_order_id_fund_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fund_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_nav_id_fund_navs_id_fk" FOREIGN KEY ("nav_id") REFERENCES "public"."fund_navs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_team_state" ADD CONSTRAINT "fund_team_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_bills_order_month_key" ON "fund_bills" USING btree ("order_id","month");--> statement-breakpoint
CREATE INDEX "fund_bills_user_month_idx" ON "fund_bills" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "fund_earnings_user_created_idx" ON "fund_earnings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_earnings_kind_ref_key" ON "fund_earnings" USING btree ("kind","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_navs_product_day_key" ON "fund_navs" USING btree ("product_id","day") WHERE "fund_navs"."status" <> 'Rejected';--> statement-breakpoint
CREATE INDEX "fund_navs_product_published_idx" ON "fund_navs" USING btree ("product_id","day") WHERE "fund_navs"."status" = 'Published';--> statement-breakpoint
CREATE INDEX "fund_orders_user_created_idx" ON "fund_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fund_orders_product_status_idx" ON "fund_orders" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_orders_pay_tx_key" ON "fund_orders" USING btree ("pay_tx_hash");--> statement-breakpoint
CREATE INDEX "fund_redemptions_order_idx" ON "fund_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fund_redemptions_product_status_idx" ON "fund_redemptions" USING btree ("product_id","status","id");