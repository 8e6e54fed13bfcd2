-- Issue 15: an optional e-mail address per account, and single-use, expiring password-reset links.
ALTER TABLE users ADD COLUMN email VARCHAR(254);

-- Only the SHA-256 of a link's token is kept, so a copy of the database opens no account.
CREATE TABLE password_resets (
  token_hash  VARCHAR(64) PRIMARY KEY,
  user_id     BIGINT      NOT NULL REFERENCES users(id),
  created_at  TIMESTAMP   NOT NULL,
  expires_at  TIMESTAMP   NOT NULL
);
CREATE INDEX password_resets_user ON password_resets(user_id);
