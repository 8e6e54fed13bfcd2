-- Issue 28: which alerts a player wants by mail, per kind. No row: every kind on (an address is needed anyway, and
-- each mail carries a one-click unsubscribe link).
CREATE TABLE alert_prefs (
  user_id      BIGINT    PRIMARY KEY REFERENCES users(id),
  turns        BOOLEAN   NOT NULL,
  deadlines    BOOLEAN   NOT NULL,
  invitations  BOOLEAN   NOT NULL,
  tournaments  BOOLEAN   NOT NULL,
  updated_at   TIMESTAMP NOT NULL
);
