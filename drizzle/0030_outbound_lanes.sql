ALTER TABLE "mail_outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_lane_idx" ON "mail_outbox" USING btree ("status","priority","next_attempt_at");--> statement-breakpoint
-- What an event queued (a dedupe key with its event's reference, or an admin's own e-mail) and still waits is transactional.
UPDATE "mail_outbox" SET "priority" = 0 WHERE "status" = 'pending' AND ("edition_message_id" IS NULL OR "dedupe_key" LIKE '%:%:%');
