-- Several nodes (issue 17): exactly one node runs a live game at a time. Its lease names the owner and how to
-- reach it, until when it holds the game (epoch milliseconds, renewed while held), and the epoch: one more at
-- every change of owner. Every stored action carries the epoch it was written under, and is refused unless that
-- is still the lease's epoch (the fence). A single node never writes leases: its actions' epoch stays NULL.
CREATE TABLE game_leases (
  game_id    BIGINT       NOT NULL PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  owner      VARCHAR(100) NOT NULL,
  owner_url  VARCHAR(300) NOT NULL,
  epoch      BIGINT       NOT NULL,
  expires_at BIGINT       NOT NULL
);
CREATE INDEX game_leases_expiry ON game_leases(expires_at);
CREATE INDEX game_leases_owner ON game_leases(owner);

-- Who took each epoch of a game and when (the cluster test reads takeover times and owners from it).
CREATE TABLE game_lease_log (
  game_id  BIGINT       NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  epoch    BIGINT       NOT NULL,
  owner    VARCHAR(100) NOT NULL,
  taken_at BIGINT       NOT NULL,
  previous_expired_at BIGINT,
  PRIMARY KEY (game_id, epoch)
);

ALTER TABLE game_events ADD COLUMN epoch BIGINT;
