CREATE TABLE "payment_reversals" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
