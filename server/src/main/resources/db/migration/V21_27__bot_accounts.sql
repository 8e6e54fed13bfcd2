-- Bot accounts (issue 27): an account with no games may become a bot, for good. A bot plays through the bot API
-- (/api/bot/..., a token with the "bot" scope) and cannot sign in on the site; lists mark it BOT.
ALTER TABLE users ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
