-- The log of owners keeps a week (GameLeases.LOG_KEEP_MILLIS): every node deletes the older rows once a minute,
-- on this index, instead of the log growing by a row for every epoch of every game ever played.
CREATE INDEX game_lease_log_taken_at ON game_lease_log(taken_at);
