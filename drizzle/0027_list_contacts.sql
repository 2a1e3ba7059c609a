CREATE TABLE "list_contacts" (
	"endpoint_id" integer NOT NULL,
	"registrant_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "list_contacts_endpoint_id_registrant_id_pk" PRIMARY KEY("endpoint_id","registrant_id")
);
--> statement-breakpoint
ALTER TABLE "list_contacts" ADD CONSTRAINT "list_contacts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Everyone a list connection already added or updated (an attempt that was not skipped, of an
-- event that plans an add), so that unsubscribing or erasing them still reaches the provider.
INSERT INTO "list_contacts" ("endpoint_id", "registrant_id", "sent_at")
SELECT d."endpoint_id", (e."payload"::jsonb -> 'data' ->> 'registrantId')::integer, min(a."at")
FROM "webhook_attempts" a
JOIN "webhook_deliveries" d ON d."id" = a."delivery_id"
JOIN "webhook_events" e ON e."id" = d."event_id"
JOIN "webhook_endpoints" p ON p."id" = d."endpoint_id"
WHERE p."kind" <> 'webhook'
  AND NOT a."skipped"
  AND (e."type" IN ('registration.created', 'pass.granted', 'listen.qualified')
    OR (e."type" = 'registrant.updated' AND (e."payload"::jsonb -> 'data' -> 'consent' ->> 'marketing') = 'true'))
GROUP BY 1, 2
ON CONFLICT DO NOTHING;
