-- The domain's own names inside: coins (the seed's "onion"), chests (its "cheat" count). The
-- players' API keeps the seed's names on the wire.
ALTER TABLE "users" RENAME COLUMN "onion" TO "coins";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "cheat_count" TO "chests";--> statement-breakpoint
ALTER TABLE "economy_events" RENAME COLUMN "delta_onion" TO "delta_coins";
--> statement-breakpoint
-- The seasons' trigger function names the column in its text (its WHEN clause follows the rename).
CREATE OR REPLACE FUNCTION "season_scores_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "season_scores" AS s ("week", "user_id", "coins")
	VALUES (floor((extract(epoch FROM NEW."created_at") * 1000 - 367200000) / 604800000)::integer, NEW."user_id", NEW."delta_coins")
	ON CONFLICT ("week", "user_id") DO UPDATE SET "coins" = s."coins" + excluded."coins";
	RETURN NULL;
END
$$;
