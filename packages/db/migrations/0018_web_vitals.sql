CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"route" text NOT NULL,
	"lcp_ms" integer,
	"inp_ms" integer,
	"cls_e4" integer,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "web_vitals_some_metric" CHECK ("web_vitals"."lcp_ms" is not null or "web_vitals"."inp_ms" is not null or "web_vitals"."cls_e4" is not null)
);
--> statement-breakpoint
CREATE INDEX "web_vitals_day_route" ON "web_vitals" USING btree ("day","route");