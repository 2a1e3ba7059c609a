ALTER TABLE "mail_outbox" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "feedback_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_address_sent_idx" ON "mail_outbox" USING btree (lower("to"),"sent_at");