CREATE TABLE "bot_chats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"notifications" boolean DEFAULT true NOT NULL,
	"notifications_at" timestamp with time zone,
	"unreachable_at" timestamp with time zone,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"pack" text NOT NULL,
	"tickets" integer NOT NULL,
	"stars" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "star_payments" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"invoice_id" uuid,
	"pack" text,
	"tickets" integer NOT NULL,
	"stars" integer NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_removed" integer,
	"refund_shortfall" integer
);
--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_idx" ON "notifications" USING btree ("user_id","kind","event_key");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("due_at") WHERE "notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "star_payments_user_idx" ON "star_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_farm_started_idx" ON "users" USING btree ("farm_started_at") WHERE "users"."farm_started_at" is not null;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");