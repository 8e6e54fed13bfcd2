-- Issue 28: "games waiting on me" (the header's badge, asked after every turn that concerns me) reads by turn_user.
CREATE INDEX games_turn_user ON games(turn_user);
