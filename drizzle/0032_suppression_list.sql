CREATE TABLE "email_soft_bounces" (
	"address" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_detail" text DEFAULT '' NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_suppressions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_in_force" ON "email_suppressions" USING btree ("address") WHERE "email_suppressions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "email_suppressions_since_idx" ON "email_suppressions" USING btree ("since","id");