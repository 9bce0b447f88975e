CREATE TABLE "settlement_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"run_by" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_state" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"left_carry" numeric(78, 0) DEFAULT 0 NOT NULL,
	"right_carry" numeric(78, 0) DEFAULT 0 NOT NULL,
	"manage_base" numeric(78, 0) DEFAULT 0 NOT NULL,
	"manage_rank" integer DEFAULT 0 NOT NULL,
	"team_size" integer DEFAULT 0 NOT NULL,
	"team_valid" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "day" date;--> statement-breakpoint
-- Rewards so far were referral rewards, counted for the UTC day they were credited.
UPDATE "rewards" SET "day" = ("created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "rewards" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "jump_id" bigint;--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD CONSTRAINT "settlement_runs_run_by_users_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_state" ADD CONSTRAINT "team_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_jump_id_users_id_fk" FOREIGN KEY ("jump_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rewards_user_day_idx" ON "rewards" USING btree ("user_id","day");--> statement-breakpoint
-- Jump pointers of the members so far, parents before children (see users.jump_id).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, parent_id FROM users WHERE parent_id IS NOT NULL ORDER BY depth, id LOOP
    UPDATE users SET jump_id = (
      SELECT CASE WHEN p.depth - j.depth = j.depth - jj.depth THEN jj.id ELSE p.id END
      FROM users p
      JOIN users j ON j.id = coalesce(p.jump_id, p.id)
      JOIN users jj ON jj.id = coalesce(j.jump_id, j.id)
      WHERE p.id = r.parent_id)
    WHERE id = r.id;
  END LOOP;
END $$;