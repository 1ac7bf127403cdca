ALTER TABLE "invoices" ADD COLUMN "link" text;--> statement-breakpoint
-- Invoices made before links were kept: made (their link is with the player), never reused.
UPDATE "invoices" SET "link" = '' WHERE "link" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_pending_idx" ON "invoices" USING btree ("user_id","pack") WHERE "link" IS NULL;
