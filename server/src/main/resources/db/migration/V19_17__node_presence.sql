-- Several nodes (issue 17): what each node has open now (its online users with their state, the spectators of each
-- game it serves), as JSON, rewritten by that node when it changes and at least every few seconds. One row per node;
-- a row not rewritten for a while is a dead node's (nobody counts it, and it is deleted). A single node never
-- writes here.
CREATE TABLE node_presence (
  node       VARCHAR(100) NOT NULL PRIMARY KEY,
  updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
  summary    TEXT         NOT NULL
);
