CREATE TABLE "economy_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delta_onion" bigint DEFAULT 0 NOT NULL,
	"delta_ticket" integer DEFAULT 0 NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"score" integer,
	"reward" integer
);
--> statement-breakpoint
CREATE TABLE "mining_levels" (
	"user_id" bigint NOT NULL,
	"item" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mining_levels_user_id_item_pk" PRIMARY KEY("user_id","item")
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_claims_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "task_progress" (
	"user_id" bigint NOT NULL,
	"task_name" text NOT NULL,
	"period" integer DEFAULT 0 NOT NULL,
	"process_count" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_progress_user_id_task_name_period_pk" PRIMARY KEY("user_id","task_name","period")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY NOT NULL,
	"username" text,
	"first_name" text NOT NULL,
	"last_name" text,
	"photo_url" text,
	"language_code" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"referrer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"onion" bigint DEFAULT 0 NOT NULL,
	"ticket" integer DEFAULT 0 NOT NULL,
	"total_score" bigint DEFAULT 0 NOT NULL,
	"earn_per_hour" integer DEFAULT 0 NOT NULL,
	"user_level" integer DEFAULT 1 NOT NULL,
	"cheat_count" integer DEFAULT 0 NOT NULL,
	"energy" integer DEFAULT 1000 NOT NULL,
	"max_energy" integer DEFAULT 1000 NOT NULL,
	"earn_per_tap" integer DEFAULT 1 NOT NULL,
	"lose_energy_per_tap" integer DEFAULT 10 NOT NULL,
	"reward_streak" integer DEFAULT 0 NOT NULL,
	"last_daily_day" integer,
	"boosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"golden" integer DEFAULT 0 NOT NULL,
	"wooden" integer DEFAULT 0 NOT NULL,
	"boost_end_at" timestamp with time zone,
	"energy_at" timestamp with time zone DEFAULT now() NOT NULL,
	"income_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tap_clock" timestamp with time zone DEFAULT now() NOT NULL,
	"farm_started_at" timestamp with time zone,
	"wallet_address" text
);
--> statement-breakpoint
CREATE TABLE "wallet_proofs" (
	"payload" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "economy_events_user_idx" ON "economy_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "games_user_idx" ON "games" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wallet_address_idx" ON "users" USING btree ("wallet_address");