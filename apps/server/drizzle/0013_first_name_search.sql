-- The console's player search also takes a prefix of the first name in any case, through an index
-- like the username's (not a scan of every player); taps never change the column (HOT updates stay).
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);
