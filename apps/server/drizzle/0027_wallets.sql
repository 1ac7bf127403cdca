CREATE TABLE "wallets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
-- The bound wallets move from the players' row to the wallet module's table.
INSERT INTO "wallets" ("user_id", "address")
SELECT "id", "wallet_address" FROM "users" WHERE "wallet_address" IS NOT NULL;--> statement-breakpoint
DROP INDEX "users_wallet_address_idx";--> statement-breakpoint
DROP INDEX "users_wallet_prefix_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_idx" ON "wallets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "wallets_address_prefix_idx" ON "wallets" USING btree ("address" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "wallet_address";
