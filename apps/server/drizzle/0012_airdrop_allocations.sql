CREATE TABLE "airdrop_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"snapshot_id" bigint NOT NULL,
	"supply" numeric(78, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"params" jsonb NOT NULL,
	"start_from" bigint NOT NULL,
	"expired_at" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"wallets" integer NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"root_hex" text,
	"dump_sha256" text,
	"admin_address" text,
	"content_uri" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "airdrop_allocation_rows" (
	"allocation_id" bigint NOT NULL,
	"wallet_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"coins" bigint NOT NULL,
	"player_ids" jsonb NOT NULL,
	"claim_status" text DEFAULT 'unclaimed' NOT NULL,
	"claim_sent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "airdrop_allocation_rows_allocation_id_wallet_address_pk" PRIMARY KEY("allocation_id","wallet_address")
);
--> statement-breakpoint
CREATE TABLE "airdrop_allocation_refusals" (
	"allocation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_address" text,
	"reason" text NOT NULL,
	"detail" text,
	CONSTRAINT "airdrop_allocation_refusals_allocation_id_user_id_pk" PRIMARY KEY("allocation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "airdrop_exclusions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"excluded_by" bigint NOT NULL,
	"excluded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_allocations_published_idx" ON "airdrop_allocations" USING btree ("status") WHERE "airdrop_allocations"."status" = 'published';--> statement-breakpoint
CREATE INDEX "airdrop_allocation_rows_amount_idx" ON "airdrop_allocation_rows" USING btree ("allocation_id","amount");
