-- Dice version 2 (docs/dice.md): each player's seed for each game, given after the commitment and
-- before the game's first pair of dice; all zeros for a player who gave none in time.
ALTER TABLE game_dice ADD COLUMN seed0 VARCHAR(64);
ALTER TABLE game_dice ADD COLUMN seed1 VARCHAR(64);
