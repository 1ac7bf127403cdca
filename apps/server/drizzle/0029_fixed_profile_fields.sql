-- The level and the golden and wooden counts were never written: every player's are the game's constants (packages/game/src/profile.ts FIXED_PROFILE).
ALTER TABLE "users" DROP COLUMN "user_level";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "golden";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "wooden";