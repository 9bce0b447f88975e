CREATE TABLE "ledger_member_total_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"asset" text NOT NULL,
	"delta" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_member_totals" (
	"code" text NOT NULL,
	"asset" text NOT NULL,
	"total" numeric(78, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_member_totals_code_asset_pk" PRIMARY KEY("code","asset")
);
--> statement-breakpoint
-- The running totals start as the full sum of the members' balances; every posting moves them from now on.
INSERT INTO "ledger_member_totals" ("code", "asset", "total")
SELECT "code", "asset", sum("balance") FROM "ledger_accounts" WHERE "user_id" IS NOT NULL GROUP BY "code", "asset";
