CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "airdrop_snapshot_rows" (
	"snapshot_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_address" text NOT NULL,
	"coins" bigint NOT NULL,
	CONSTRAINT "airdrop_snapshot_rows_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "airdrop_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_by" bigint NOT NULL,
	"min_coins" bigint NOT NULL,
	"players" integer NOT NULL,
	"total_coins" bigint NOT NULL,
	"csv_sha256" text NOT NULL,
	"json_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_catalogue" (
	"task_name" text PRIMARY KEY NOT NULL,
	"task_type" text NOT NULL,
	"daily_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reward_amount" integer NOT NULL,
	"reward_type" text NOT NULL,
	"link" text,
	"position" integer DEFAULT 100 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" USING btree ("id") WHERE "users"."banned_at" is not null;--> statement-breakpoint
INSERT INTO "task_catalogue" ("task_name", "task_type", "daily_type", "title", "description", "reward_amount", "reward_type", "link", "position") VALUES
  ('Follow_Twitter', 'earn_coin', 'twitter', 'Follow on Twitter', 'Follow Egg Rush on X', 5000, 'onion', 'https://x.com/EggRushGame', 0),
  ('Follow_Telegram', 'earn_coin', 'telegram', 'Follow on Telegram', 'Join our Telegram channel', 5000, 'onion', 'https://t.me/EggRushNews', 1),
  ('Partner_Carnival', 'one_time', 'partner', 'Carnival Club', 'Visit the Carnival Club', 3000, 'onion', 'https://t.me/CarnivalClubNews', 9),
  ('Partner_TON', 'one_time', 'partner', 'TON Society', 'Discover the TON ecosystem', 2, 'ticket', 'https://ton.org/', 10),
  ('Partner_Ferris', 'one_time', 'partner', 'Ferris Wheel Games', 'Follow Ferris Wheel on X', 3000, 'onion', 'https://x.com/FerrisWheelGames', 11)
ON CONFLICT ("task_name") DO NOTHING;
