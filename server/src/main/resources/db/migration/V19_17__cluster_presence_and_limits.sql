-- Several nodes (issue 17): what each node has open now (its online users with their state, the spectators of each
-- game it serves), as JSON, rewritten by that node when it changes and at least every few seconds. One row per node;
-- a row not rewritten for a while is a dead node's (nobody counts it, and it is deleted). A single node never
-- writes here.
CREATE TABLE node_presence (
  node       VARCHAR(100) NOT NULL PRIMARY KEY,
  updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
  summary    TEXT         NOT NULL
);

-- The limits on new games, seeks and chat messages, counted for all nodes at once (a single node counts in memory
-- and never writes here): per kind and key (a client address, a user), the times within the window, at most the
-- limit's number; a row last counted more than a day ago is deleted.
CREATE TABLE rate_counts (
  kind    VARCHAR(40)  NOT NULL,
  counted VARCHAR(100) NOT NULL,
  times   BIGINT ARRAY NOT NULL,
  last_at BIGINT       NOT NULL,
  PRIMARY KEY (kind, counted)
);
CREATE INDEX rate_counts_last ON rate_counts(last_at);
