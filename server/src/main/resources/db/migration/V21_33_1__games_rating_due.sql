-- The ratings' catch-up (Ratings.catchUp, every minute) reads the finished matches between two people not rated yet:
-- this index keeps that read to those rows, however many games the site keeps. Money sessions are marked looked at
-- (rated, with no change) so they leave it too.
CREATE INDEX games_rating_due ON games(rated, status, bot_seat);
