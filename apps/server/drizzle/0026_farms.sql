CREATE TABLE "farms" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The farms running move from the players' row to the farm module's table.
INSERT INTO "farms" ("user_id", "started_at")
SELECT "id", "farm_started_at" FROM "users" WHERE "farm_started_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "users_farm_started_idx";--> statement-breakpoint
CREATE INDEX "farms_started_idx" ON "farms" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "farm_started_at";
