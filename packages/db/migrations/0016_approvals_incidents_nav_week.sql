CREATE TABLE "chain_incidents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_event_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_usdt" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversal_requested_by" bigint,
	"reversal_requested_at" timestamp with time zone,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"reason" text,
	"reversal" jsonb
);
--> statement-breakpoint
ALTER TABLE "fund_navs" ADD COLUMN "week_base_nav_e8" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "role_requests" ADD COLUMN "action" text DEFAULT 'grant' NOT NULL;--> statement-breakpoint
ALTER TABLE "role_requests" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "requested_by" bigint;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD CONSTRAINT "chain_incidents_chain_event_id_chain_events_id_fk" FOREIGN KEY ("chain_event_id") REFERENCES "public"."chain_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD CONSTRAINT "chain_incidents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD CONSTRAINT "chain_incidents_reversal_requested_by_users_id_fk" FOREIGN KEY ("reversal_requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD CONSTRAINT "chain_incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_incidents_event_key" ON "chain_incidents" USING btree ("chain_event_id");--> statement-breakpoint
CREATE INDEX "chain_incidents_subject_idx" ON "chain_incidents" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE INDEX "chain_incidents_open_idx" ON "chain_incidents" USING btree ("user_id") WHERE "chain_incidents"."status" in ('open', 'reversal_pending');--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;