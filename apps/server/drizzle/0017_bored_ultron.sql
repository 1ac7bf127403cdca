CREATE TABLE "analytics_activity" (
	"user_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_activity_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_cohorts" (
	"day" integer PRIMARY KEY NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"d1" integer DEFAULT 0 NOT NULL,
	"d7" integer DEFAULT 0 NOT NULL,
	"d30" integer DEFAULT 0 NOT NULL,
	"tapped" integer DEFAULT 0 NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"wallets" integer DEFAULT 0 NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" integer PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_economy" (
	"day" integer NOT NULL,
	"kind" text NOT NULL,
	"created" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_economy_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
CREATE TABLE "analytics_new_players" (
	"day" integer NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_new_players_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_players" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"first_day" integer NOT NULL,
	"source" text,
	"language" text,
	"platform" text,
	"tap_day" integer,
	"daily_day" integer,
	"wallet_day" integer,
	"purchase_day" integer,
	"counted" smallint DEFAULT 0 NOT NULL,
	"pending" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_revenue" (
	"day" integer PRIMARY KEY NOT NULL,
	"stars" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_watermark" (
	"id" integer PRIMARY KEY NOT NULL,
	"done_id" bigint NOT NULL,
	"seen_id" bigint NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"segment" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"screen" text,
	"status" text DEFAULT 'preparing' NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cipher_solves" (
	"user_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"solved_at" timestamp with time zone,
	CONSTRAINT "cipher_solves_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "cipher_words" (
	"day" integer PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"set_by" bigint NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"multiplier" numeric(4, 2) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"titles" jsonb NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "analytics_activity_uncounted_idx" ON "analytics_activity" USING btree ("user_id") WHERE not "analytics_activity"."counted";--> statement-breakpoint
CREATE INDEX "analytics_players_pending_idx" ON "analytics_players" USING btree ("user_id") WHERE "analytics_players"."pending";--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","user_id") WHERE "campaign_recipients"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "events_ends_at" ON "events" USING btree ("ends_at");