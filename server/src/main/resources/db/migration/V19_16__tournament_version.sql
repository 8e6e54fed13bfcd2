-- Issue 16: a tournament's version, one up with each change its page shows (an entrant, a pairing, a result, its
-- status): the pages get what changed between two versions over the site socket instead of reading it all again.
ALTER TABLE tournaments ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
