-- FIBS keeps a player's toggles across logins: the FIBS door keeps, per account, the names of the toggles turned away
-- from FIBS's defaults (comma-separated, each name at most once, from the door's fixed set of 17: so at most ~200
-- characters). No row: every toggle at its default. Names the door no longer knows are passed over when read.
CREATE TABLE fibs_toggles (
  user_id  BIGINT       PRIMARY KEY REFERENCES users(id),
  changed  VARCHAR(400) NOT NULL
);
