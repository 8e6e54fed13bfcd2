-- Issue 14: a seek can ask for a rating range; the acceptor's rating in the seek's variant must lie in it.
-- NULL: no bound on that side.
ALTER TABLE seeks ADD COLUMN rating_min INT;
ALTER TABLE seeks ADD COLUMN rating_max INT;
