-- A lease given back (owner '') no longer expires at 0 but never (GameLeases.RELEASED): the orphan scan reads the
-- leases that ran out (expires_at < now) on its index every second on every node, and with 0 it read every game
-- ever played.
UPDATE game_leases SET expires_at = 9223372036854775807 WHERE owner = '';
