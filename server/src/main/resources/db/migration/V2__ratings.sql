-- Ratings are applied once per finished match between two people; the changes are kept for the history.
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN rating_change0 DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN rating_change1 DOUBLE PRECISION;
