ALTER TABLE "experiment_players" ADD COLUMN "d1" boolean;--> statement-breakpoint
ALTER TABLE "experiment_players" ADD COLUMN "d7" boolean;--> statement-breakpoint
CREATE INDEX "experiment_players_unsettled" ON "experiment_players" USING btree ("user_id") WHERE "experiment_players"."d7" is null;