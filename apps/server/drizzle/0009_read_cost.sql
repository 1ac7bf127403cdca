CREATE TABLE "season_scores" (
	"week" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"coins" bigint NOT NULL,
	CONSTRAINT "season_scores_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
CREATE INDEX "season_scores_rank_idx" ON "season_scores" USING btree ("week","coins" DESC,"user_id");
--> statement-breakpoint
-- The coins a ledger row earned, added to its player's week (packages/game seasons.ts: weeks of
-- seven game days from Monday 1970-01-05 at 00:00 UTC-6), in the transaction that wrote the row:
-- after the statement that credited the player (and so locked their row).
CREATE FUNCTION "season_scores_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "season_scores" AS s ("week", "user_id", "coins")
	VALUES (floor((extract(epoch FROM NEW."created_at") * 1000 - 367200000) / 604800000)::integer, NEW."user_id", NEW."delta_onion")
	ON CONFLICT ("week", "user_id") DO UPDATE SET "coins" = s."coins" + excluded."coins";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "economy_events_season_scores" AFTER INSERT ON "economy_events" FOR EACH ROW
	WHEN (NEW."delta_onion" > 0 AND NEW."kind" <> 'signup') EXECUTE FUNCTION "season_scores_add"();
--> statement-breakpoint
INSERT INTO "season_scores" ("week", "user_id", "coins")
SELECT floor((extract(epoch FROM "created_at") * 1000 - 367200000) / 604800000)::integer, "user_id", sum("delta_onion")
FROM "economy_events" WHERE "delta_onion" > 0 AND "kind" <> 'signup'
GROUP BY 1, 2;
--> statement-breakpoint
-- The console's player search (a prefix of the username in any case, or of the wallet address)
-- through indexes, not a scan of every player; neither column changes on a tap (HOT updates stay).
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_wallet_prefix_idx" ON "users" USING btree ("wallet_address" text_pattern_ops);
