-- Rollouts in a cluster (issue 29 follow-up): each row names the node whose worker runs it (TABLA_NODE_ID, or
-- rollouts.Rollouts.SINGLE_NODE alone), so a node that starts marks 'interrupted' only the rows it left unfinished,
-- never those another live node is running. Rows from before this column had no node: those still queued or running
-- were cut off by the restart that runs this migration (the code before it marked them at start), so they are marked
-- here, as it would have.
ALTER TABLE rollouts ADD COLUMN node VARCHAR(100) DEFAULT '' NOT NULL;
UPDATE rollouts SET state = 'interrupted', error = 'the server restarted before this rollout finished: ask for it again',
  finished_at = LOCALTIMESTAMP WHERE state IN ('queued', 'running');
