ALTER TABLE "task_progress" ADD COLUMN "visit_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "games_unfinished_idx" ON "games" USING btree ("started_at") WHERE "games"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "wallet_proofs_user_idx" ON "wallet_proofs" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "wallet_proofs_expires_idx" ON "wallet_proofs" USING btree ("expires_at");