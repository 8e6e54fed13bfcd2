-- Issue 16: a knock-out's optional consolation bracket, a knock-out of its own among the first round's losers, made
-- when the main bracket's first round is decided (parent_id names the main tournament); and "my tournaments", which
-- looks entries up by player.
ALTER TABLE tournaments ADD COLUMN consolation BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN parent_id BIGINT REFERENCES tournaments(id);
CREATE INDEX tournament_entries_user ON tournament_entries(user_id);
