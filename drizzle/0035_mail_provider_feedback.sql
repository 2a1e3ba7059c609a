CREATE TABLE "mail_feedback_seen" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_feedback_seen_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "mail_send_pace" (
	"id" smallint PRIMARY KEY NOT NULL,
	"second" bigint DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_feedback_seen_at_idx" ON "mail_feedback_seen" USING btree ("seen_at");
