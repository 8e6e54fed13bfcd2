-- Issue 13: a match clock as tournaments set it (core's ClockSettings): a reserve per point of the match and a
-- per-move (Bronstein) delay, both in milliseconds; 0 and 0 is an untimed game. A per-move limit (correspondence's
-- days per move, or an old live game's seconds per move) is a delay with no reserve.
ALTER TABLE games ADD COLUMN clock_reserve_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_delay_ms BIGINT NOT NULL DEFAULT 0;
UPDATE games SET clock_delay_ms = seconds_per_move * 1000;
ALTER TABLE seeks ADD COLUMN clock_reserve_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seeks ADD COLUMN clock_delay_ms BIGINT NOT NULL DEFAULT 0;
UPDATE seeks SET clock_delay_ms = seconds_per_move * 1000;
