-- Taps rewrite a player's row many times a second. No index covers the columns a tap changes
-- (energy, clocks, onion, total_score), so PostgreSQL can update the row in place on its page
-- (a HOT update, no index writes) as long as the page has room: leave 20% of each page free.
ALTER TABLE "users" SET (fillfactor = 80);
