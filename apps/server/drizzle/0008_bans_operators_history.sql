CREATE TABLE "ban_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"banned" boolean NOT NULL,
	"admin_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ban_events_user_idx" ON "ban_events" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "wallet_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wallet_events_user_idx" ON "wallet_events" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "admin_adjust_days" (
	"admin_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"coins" bigint DEFAULT 0 NOT NULL,
	"tickets" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_adjust_days_admin_id_day_pk" PRIMARY KEY("admin_id","day")
);
--> statement-breakpoint
INSERT INTO "ban_events" ("user_id", "banned", "reason", "created_at")
	SELECT "id", true, "ban_reason", "banned_at" FROM "users" WHERE "banned_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "wallet_events" ("user_id", "wallet_address", "created_at")
	SELECT u."id", u."wallet_address",
		coalesce((SELECT max(p."used_at") FROM "wallet_proofs" p WHERE p."user_id" = u."id"), u."created_at")
	FROM "users" u WHERE u."wallet_address" IS NOT NULL;
