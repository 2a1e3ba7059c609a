ALTER TABLE "episodes" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "transcript_type" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "chapters" text;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_transcript_typed" CHECK (("episodes"."transcript" is null) = ("episodes"."transcript_type" is null));