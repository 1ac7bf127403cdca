ALTER TABLE "invoices" ADD COLUMN "link" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_pending_idx" ON "invoices" USING btree ("user_id","pack") WHERE "link" IS NULL;
