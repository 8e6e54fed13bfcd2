-- Issue 15: roles, bans, deleted (anonymised) accounts, invitation codes, site-wide settings (message of the day).
ALTER TABLE users ADD COLUMN role VARCHAR(20) NOT NULL DEFAULT 'player';   -- player | moderator | admin
ALTER TABLE users ADD COLUMN banned BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN ban_reason VARCHAR(500);
ALTER TABLE users ADD COLUMN deleted BOOLEAN NOT NULL DEFAULT FALSE;     -- name replaced, password removed

CREATE TABLE invitations (
  code        VARCHAR(40) PRIMARY KEY,
  created_at  TIMESTAMP   NOT NULL DEFAULT CURRENT_TIMESTAMP,
  used_by     BIGINT REFERENCES users(id),
  used_at     TIMESTAMP
);

CREATE TABLE site_settings (
  name        VARCHAR(40)   PRIMARY KEY,
  setting     VARCHAR(2000) NOT NULL,
  updated_at  TIMESTAMP     NOT NULL DEFAULT CURRENT_TIMESTAMP
);
