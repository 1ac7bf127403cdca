CREATE TABLE "bans" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"banned_at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
-- The bans move from the players' row to the bans module's table.
INSERT INTO "bans" ("user_id", "banned_at", "reason")
SELECT "id", "banned_at", "ban_reason" FROM "users" WHERE "banned_at" IS NOT NULL;--> statement-breakpoint
-- A ban recorded before its history was kept gets its event, so that the history alone tells the
-- state at any instant (the airdrop snapshot read `banned_at` for these).
INSERT INTO "ban_events" ("user_id", "banned", "reason", "created_at")
SELECT "id", true, "ban_reason", "banned_at" FROM "users" u
WHERE "banned_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ban_events" e WHERE e."user_id" = u."id");--> statement-breakpoint
DROP INDEX "users_banned_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "banned_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "ban_reason";
