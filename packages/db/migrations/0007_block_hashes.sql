ALTER TABLE "chain_cursors" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "chain_events" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "chain_events" ADD COLUMN "orphaned_at" timestamp with time zone;