CREATE TABLE "earn_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"balance" numeric(78, 0) DEFAULT 0 NOT NULL,
	"settled_balance" numeric(78, 0) DEFAULT 0 NOT NULL,
	"settled_day" date NOT NULL,
	"total_interest" numeric(78, 0) DEFAULT 0 NOT NULL,
	"last_interest" numeric(78, 0) DEFAULT 0 NOT NULL,
	"last_interest_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earn_accounts_non_negative" CHECK ("earn_accounts"."balance" >= 0 and "earn_accounts"."settled_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "earn_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rate_e18" numeric(78, 0) NOT NULL,
	"holders" integer NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earn_interest" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"base" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "earn_interest_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "earn_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"arrives_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earn_movements_positive" CHECK ("earn_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"mode" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"amount_out" numeric(78, 0) NOT NULL,
	"price_usdt" numeric(78, 0) NOT NULL,
	"fee_ppm" integer NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_quotes_assets" CHECK ("exchange_quotes"."from_asset" <> "exchange_quotes"."to_asset"),
	CONSTRAINT "exchange_quotes_positive" CHECK ("exchange_quotes"."amount_in" > 0 and "exchange_quotes"."amount_out" > 0 and "exchange_quotes"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "launchpad_copies" (
	"round_id" integer NOT NULL,
	"copy_no" integer NOT NULL,
	"purchase_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launchpad_copies_round_id_copy_no_pk" PRIMARY KEY("round_id","copy_no")
);
--> statement-breakpoint
CREATE TABLE "launchpad_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"copies" integer NOT NULL,
	"first_copy" integer NOT NULL,
	"amount_usdt" numeric(78, 0) NOT NULL,
	"agc" numeric(78, 0) NOT NULL,
	"released_agc" numeric(78, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launchpad_purchases_copies" CHECK ("launchpad_purchases"."copies" > 0 and "launchpad_purchases"."first_copy" > 0),
	CONSTRAINT "launchpad_purchases_released" CHECK ("launchpad_purchases"."released_agc" >= 0 and "launchpad_purchases"."released_agc" <= "launchpad_purchases"."agc")
);
--> statement-breakpoint
CREATE TABLE "launchpad_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"copies" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"price_usdt" numeric(78, 0) NOT NULL,
	"agc_per_copy" numeric(78, 0) NOT NULL,
	"per_member_limit" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cliff_days" integer DEFAULT 0 NOT NULL,
	"linear_days" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launchpad_rounds_sold" CHECK ("launchpad_rounds"."sold" >= 0 and "launchpad_rounds"."sold" <= "launchpad_rounds"."copies"),
	CONSTRAINT "launchpad_rounds_positive" CHECK ("launchpad_rounds"."copies" > 0 and "launchpad_rounds"."price_usdt" > 0 and "launchpad_rounds"."agc_per_copy" > 0),
	CONSTRAINT "launchpad_rounds_limit" CHECK ("launchpad_rounds"."per_member_limit" > 0),
	CONSTRAINT "launchpad_rounds_window" CHECK ("launchpad_rounds"."ends_at" > "launchpad_rounds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "earn_accounts" ADD CONSTRAINT "earn_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_interest" ADD CONSTRAINT "earn_interest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_movements" ADD CONSTRAINT "earn_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_copies" ADD CONSTRAINT "launchpad_copies_round_id_launchpad_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."launchpad_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_copies" ADD CONSTRAINT "launchpad_copies_purchase_id_launchpad_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."launchpad_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_copies" ADD CONSTRAINT "launchpad_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_purchases" ADD CONSTRAINT "launchpad_purchases_round_id_launchpad_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."launchpad_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_purchases" ADD CONSTRAINT "launchpad_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_rounds" ADD CONSTRAINT "launchpad_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_accounts_holding_idx" ON "earn_accounts" USING btree ("settled_day") WHERE "earn_accounts"."settled_balance" > 0;--> statement-breakpoint
CREATE INDEX "earn_interest_user_idx" ON "earn_interest" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "earn_movements_user_idx" ON "earn_movements" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "earn_movements_day_idx" ON "earn_movements" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "earn_movements_pending_idx" ON "earn_movements" USING btree ("arrives_at") WHERE "earn_movements"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "exchange_quotes_user_accepted_idx" ON "exchange_quotes" USING btree ("user_id","accepted_at") WHERE "exchange_quotes"."status" = 'Accepted';--> statement-breakpoint
CREATE INDEX "launchpad_purchases_round_user_idx" ON "launchpad_purchases" USING btree ("round_id","user_id");--> statement-breakpoint
CREATE INDEX "launchpad_purchases_user_idx" ON "launchpad_purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "launchpad_purchases_releasing_idx" ON "launchpad_purchases" USING btree ("round_id") WHERE "launchpad_purchases"."released_agc" < "launchpad_purchases"."agc";