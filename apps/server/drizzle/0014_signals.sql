-- The signals of who is behind an account (apps/server/src/modules/fairness/signals.schema.ts):
-- sessions with salted hashes of the coarse network address and the device, tap cadence, wallet facts.
CREATE TABLE "signal_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"net" text NOT NULL,
	"device" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_taps" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"batches" integer NOT NULL,
	"intervals" bigint NOT NULL,
	"mean_ms" double precision NOT NULL,
	"m2" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_wallets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"version" text,
	"new_when_bound" boolean,
	"funded_by" text,
	"checked_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "signal_sessions_user_idx" ON "signal_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "signal_sessions_last_idx" ON "signal_sessions" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "signal_taps_updated_idx" ON "signal_taps" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "signal_wallets_next_check_idx" ON "signal_wallets" USING btree ("next_check_at") WHERE "signal_wallets"."next_check_at" is not null;