CREATE TABLE "experiment_players" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"variant" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"variants" jsonb NOT NULL,
	"event_id" integer,
	"holdout_percent" numeric(5, 2) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment_players" ADD CONSTRAINT "experiment_players_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_players_experiment" ON "experiment_players" USING btree ("experiment_id","variant");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_one_running" ON "experiments" USING btree ((true)) WHERE "experiments"."stopped_at" is null;