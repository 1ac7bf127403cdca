-- Each player's account (balances, the lifetime score, energy, income, boosts, the ids of their
-- latest writes) moves from the players' row to the accounts module's table, every tap batch's
-- row: space left on each page (fillfactor 80) as the players' row had, so its updates stay
-- heap-only.
CREATE TABLE "accounts" (
	"user_id" bigint NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	"ticket" integer DEFAULT 0 NOT NULL,
	"total_score" bigint DEFAULT 0 NOT NULL,
	"earn_per_hour" integer DEFAULT 0 NOT NULL,
	"chests" integer DEFAULT 0 NOT NULL,
	"energy" integer DEFAULT 1000 NOT NULL,
	"max_energy" integer DEFAULT 1000 NOT NULL,
	"earn_per_tap" integer DEFAULT 1 NOT NULL,
	"lose_energy_per_tap" integer DEFAULT 10 NOT NULL,
	"boosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"boost_end_at" timestamp with time zone,
	"touch_income_level" integer DEFAULT 0 NOT NULL,
	"energy_capacity_level" integer DEFAULT 0 NOT NULL,
	"refill_day" integer,
	"refill_count" integer DEFAULT 0 NOT NULL,
	"energy_at" timestamp with time zone DEFAULT now() NOT NULL,
	"income_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tap_clock" timestamp with time zone DEFAULT now() NOT NULL,
	"request_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL
) WITH (fillfactor = 80);
--> statement-breakpoint
INSERT INTO "accounts" (user_id, coins, ticket, total_score, earn_per_hour, chests, energy, max_energy, earn_per_tap, lose_energy_per_tap, boosts, boost_end_at, touch_income_level, energy_capacity_level, refill_day, refill_count, energy_at, income_at, tap_clock, request_ids)
SELECT id, coins, ticket, total_score, earn_per_hour, chests, energy, max_energy, earn_per_tap, lose_energy_per_tap, boosts, boost_end_at, touch_income_level, energy_capacity_level, refill_day, refill_count, energy_at, income_at, tap_clock, request_ids FROM "users";--> statement-breakpoint
-- The key after the rows: one index build instead of an insertion per row.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_pkey" PRIMARY KEY ("user_id");--> statement-breakpoint
-- Statistics now, for the plans of the first reads (the boards, the audiences).
ANALYZE "accounts";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "ticket";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_score";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "earn_per_hour";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "energy";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "max_energy";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "earn_per_tap";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lose_energy_per_tap";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "boosts";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "boost_end_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "touch_income_level";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "energy_capacity_level";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "refill_day";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "refill_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "energy_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "income_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "tap_clock";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "request_ids";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "coins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "chests";