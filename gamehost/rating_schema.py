"""The tables of ratings (gamehost/rating_store.py), applied as migration 4 by gamehost/store.py."""

RATINGS_MIGRATION = """
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT NOT NULL,
    identity   TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, identity)
);
CREATE INDEX ratings_board ON ratings(guild_id, game, ordinal DESC);
CREATE TABLE rating_history (
    match_id     INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    game         TEXT NOT NULL,
    identity     TEXT NOT NULL,
    at           REAL NOT NULL,
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    place        INTEGER NOT NULL,
    outcome      TEXT NOT NULL,
    form         TEXT NOT NULL,
    PRIMARY KEY (match_id, identity)
);
CREATE INDEX rating_history_member ON rating_history(guild_id, game, identity, at, match_id);
"""
