CREATE TABLE "import_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lock_key" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"actor" text NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"each_row" boolean DEFAULT false NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"committed_through_row" integer DEFAULT 1 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "import_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running" ON "import_jobs" USING btree ("lock_key") WHERE "import_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "registrants_import_idx" ON "registrants" USING btree ("import_id","id");--> statement-breakpoint
-- An endpoint that took each imported registration as registration.created now takes the import's one registrants.imported (docs/decisions/0076).
UPDATE "webhook_endpoints" SET "events" = "events" || '["registrants.imported"]'::jsonb WHERE "events" @> '["registration.created"]'::jsonb AND NOT "events" @> '["registrants.imported"]'::jsonb;
