CREATE TABLE "combo_finds" (
	"user_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"item" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "combo_finds_user_id_day_item_pk" PRIMARY KEY("user_id","day","item")
);
--> statement-breakpoint
CREATE TABLE "season_results" (
	"week" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"coins" bigint NOT NULL,
	"ticket" integer NOT NULL,
	"chests" integer NOT NULL,
	CONSTRAINT "season_results_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
CREATE TABLE "season_weeks" (
	"week" integer PRIMARY KEY NOT NULL,
	"settled_at" timestamp with time zone,
	"players" integer
);
--> statement-breakpoint
CREATE TABLE "squad_members" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"squad_id" bigint NOT NULL,
	"joined_total" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "squads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "season_results_rank_idx" ON "season_results" USING btree ("week","rank");--> statement-breakpoint
CREATE INDEX "squad_members_squad_idx" ON "squad_members" USING btree ("squad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "squads_name_key_idx" ON "squads" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "economy_events_created_idx" ON "economy_events" USING btree ("created_at");