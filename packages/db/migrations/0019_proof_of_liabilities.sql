CREATE TABLE "proof_leaves" (
	"snapshot_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"usdt" numeric(78, 0) NOT NULL,
	"agc" numeric(78, 0) NOT NULL,
	"parts" jsonb,
	CONSTRAINT "proof_leaves_snapshot_id_idx_pk" PRIMARY KEY("snapshot_id","idx")
);
--> statement-breakpoint
CREATE TABLE "proof_nodes" (
	"snapshot_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	"usdt" numeric(78, 0) NOT NULL,
	"agc" numeric(78, 0) NOT NULL,
	CONSTRAINT "proof_nodes_snapshot_id_level_idx_pk" PRIMARY KEY("snapshot_id","level","idx")
);
--> statement-breakpoint
CREATE TABLE "proof_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date,
	"requested_by" bigint,
	"status" text NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"as_of" timestamp with time zone,
	"built_at" timestamp with time zone,
	"build_ms" integer,
	"members" integer,
	"size" integer,
	"root_hash" text,
	"total_usdt" numeric(78, 0),
	"total_agc" numeric(78, 0),
	"solvency_usdt" numeric(78, 0),
	"solvency_agc" numeric(78, 0),
	"reserves_block" bigint,
	"reserves_block_hash" text,
	"reserves_at" timestamp with time zone,
	"reserves_usdt" numeric(78, 0),
	"reserves_agc" numeric(78, 0),
	"reserves" jsonb,
	"tx_hash" text,
	"sent_at" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"published_block" bigint,
	"published_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_leaves" ADD CONSTRAINT "proof_leaves_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_nodes" ADD CONSTRAINT "proof_nodes_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_snapshots" ADD CONSTRAINT "proof_snapshots_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proof_leaves_member_key" ON "proof_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_snapshots_day_key" ON "proof_snapshots" USING btree ("day");--> statement-breakpoint
CREATE INDEX "proof_snapshots_published_idx" ON "proof_snapshots" USING btree ("id") WHERE "proof_snapshots"."status" = 'published';--> statement-breakpoint
CREATE INDEX "proof_snapshots_pending_idx" ON "proof_snapshots" USING btree ("id") WHERE "proof_snapshots"."status" in ('building', 'built', 'publishing');