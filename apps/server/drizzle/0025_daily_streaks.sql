CREATE TABLE "daily_streaks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"streak" integer NOT NULL,
	"last_day" integer NOT NULL
);
--> statement-breakpoint
-- The streaks move from the players' row to the daily module's table (a player who never checked in has none).
INSERT INTO "daily_streaks" ("user_id", "streak", "last_day")
SELECT "id", "reward_streak", "last_daily_day" FROM "users" WHERE "last_daily_day" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "daily_streaks_last_day_idx" ON "daily_streaks" USING btree ("last_day");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "reward_streak";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_daily_day";
