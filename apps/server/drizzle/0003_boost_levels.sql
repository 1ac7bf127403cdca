ALTER TABLE "users" ADD COLUMN "touch_income_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "energy_capacity_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "refill_day" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "refill_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "touch_income_level" = LEAST(10, e.n) FROM (SELECT "user_id", count(*)::int AS n FROM "economy_events" WHERE "kind" = 'boost:touchIncome' GROUP BY "user_id") e WHERE e."user_id" = u."id";--> statement-breakpoint
UPDATE "users" u SET "energy_capacity_level" = LEAST(10, e.n) FROM (SELECT "user_id", count(*)::int AS n FROM "economy_events" WHERE "kind" = 'boost:energyCapacity' GROUP BY "user_id") e WHERE e."user_id" = u."id";
