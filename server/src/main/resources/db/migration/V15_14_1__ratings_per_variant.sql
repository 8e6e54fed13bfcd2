-- Issue 14: a rating per variant (FIBS formula, see VariantRatings), applied once per finished match between two
-- people; the change of each match is kept (its row also makes applying it twice impossible).
CREATE TABLE variant_ratings (
  user_id     BIGINT           NOT NULL REFERENCES users(id),
  variant     VARCHAR(40)      NOT NULL,
  rating      DOUBLE PRECISION NOT NULL,
  experience  INTEGER          NOT NULL,   -- the sum of the lengths of the rated matches in this variant
  matches     INTEGER          NOT NULL,
  PRIMARY KEY (user_id, variant)
);
CREATE INDEX variant_ratings_list ON variant_ratings(variant, rating);

CREATE TABLE variant_rating_changes (
  game_id     BIGINT           PRIMARY KEY REFERENCES games(id),
  variant     VARCHAR(40)      NOT NULL,
  change0     DOUBLE PRECISION NOT NULL,
  change1     DOUBLE PRECISION NOT NULL,
  created_at  TIMESTAMP        NOT NULL DEFAULT CURRENT_TIMESTAMP
);
