CREATE TABLE "data_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"email" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"registrations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_token_key" ON "data_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_requests_requested_idx" ON "data_requests" USING btree ("requested_at");