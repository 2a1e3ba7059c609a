ALTER TABLE "purchases" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "buyer_email" text;--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "anonymised_at" timestamp with time zone;