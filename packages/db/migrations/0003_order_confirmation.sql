CREATE TABLE "member_volume" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"left_total" numeric(78, 0) DEFAULT 0 NOT NULL,
	"right_total" numeric(78, 0) DEFAULT 0 NOT NULL,
	"month_key" text NOT NULL,
	"left_month" numeric(78, 0) DEFAULT 0 NOT NULL,
	"right_month" numeric(78, 0) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rewards" RENAME COLUMN "rate_bps" TO "rate_ppm";--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "leader_id" text;--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_events" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "audit_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "volume_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_volume" ADD CONSTRAINT "member_volume_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_events_order_idx" ON "chain_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_volume_pending_idx" ON "orders" USING btree ("id") WHERE "orders"."status" = 'Success' and "orders"."volume_applied_at" is null;