CREATE TABLE "held_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "held_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"pass" text NOT NULL,
	"email" text,
	"name" text,
	"edition" text,
	"amount" integer,
	"currency" text,
	"payment_ref" text NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	"assigned_registrant_id" integer,
	CONSTRAINT "held_payments_payment_ref_unique" UNIQUE("payment_ref")
);
