ALTER TABLE "campaigns" ADD COLUMN "recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "blocked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opened" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_recipients_user_sent_idx" ON "campaign_recipients" USING btree ("user_id","sent_at") WHERE "campaign_recipients"."sent_at" is not null;--> statement-breakpoint
UPDATE "campaigns" c SET "recipients" = r.recipients, "sent" = r.sent, "blocked" = r.blocked, "failed" = r.failed, "skipped" = r.skipped, "opened" = r.opened
FROM (SELECT campaign_id, count(*)::int AS recipients, (count(*) FILTER (WHERE state = 'sent'))::int AS sent, (count(*) FILTER (WHERE state = 'blocked'))::int AS blocked, (count(*) FILTER (WHERE state = 'failed'))::int AS failed, (count(*) FILTER (WHERE state = 'skipped'))::int AS skipped, count(opened_at)::int AS opened FROM "campaign_recipients" GROUP BY campaign_id) r
WHERE c.id = r.campaign_id;
