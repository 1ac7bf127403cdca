-- The wallets bound before the signals were recorded: their binding (the latest bind event of the
-- address in the wallet history, else the player's join time, the earliest it can be), facts
-- unknown and due for a read from the chain (apps/server/src/modules/fairness/signals.wallets.ts).
INSERT INTO "signal_wallets" ("user_id", "address", "bound_at", "attempts", "next_check_at")
SELECT u."id", u."wallet_address",
       coalesce((SELECT max(e."created_at") FROM "wallet_events" e
                 WHERE e."user_id" = u."id" AND e."wallet_address" = u."wallet_address"), u."created_at"),
       0, now()
FROM "users" u
WHERE u."wallet_address" IS NOT NULL
ON CONFLICT ("user_id") DO NOTHING;
